import { useState, type ReactNode } from 'react';
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
 * A change of a cluster asked through a small form in a dialog. The form is rendered only while
 * the dialog is open, so each opening starts from the cluster as it is now; `children` gets the
 * function that closes the dialog once the change is accepted.
 */
export function ActionFormDialog({
  trigger,
  triggerProps,
  title,
  description,
  children,
}: {
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  description?: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" {...triggerProps}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {open ? children(() => setOpen(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog form's buttons: cancel, and the submit that spins while the change is sent. */
export function DialogFormFooter({
  submitLabel,
  pendingText,
  pending,
  disabled = false,
  destructive = false,
}: {
  submitLabel: string;
  pendingText: string;
  pending: boolean;
  disabled?: boolean;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <SubmitButton
        pending={pending}
        pendingText={pendingText}
        disabled={pending || disabled}
        variant={destructive ? 'destructive' : 'default'}
      >
        {submitLabel}
      </SubmitButton>
    </DialogFooter>
  );
}
