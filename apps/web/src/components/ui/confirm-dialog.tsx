import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/form';

/**
 * A yes-or-no question before an action, opened by an outline button: the caller keeps the open
 * state (to close it when its mutation settles) and runs the action on `onConfirm`. The
 * description is rendered only while the dialog is open, so what it reads is asked for then.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  triggerProps,
  title,
  description,
  confirmLabel,
  pendingText,
  pending,
  destructive = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingText: string;
  pending: boolean;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" {...triggerProps}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <SubmitButton
            type="button"
            variant={destructive ? 'destructive' : 'default'}
            pending={pending}
            pendingText={pendingText}
            onClick={onConfirm}
          >
            {confirmLabel}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
