import { useId, useState, type ReactNode } from 'react';
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
import { FieldError, SubmitButton } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';

/**
 * A yes-or-no question before an action: the caller keeps the open state (to close it when its
 * mutation settles) and runs the action on `onConfirm`. It opens from its own outline button,
 * or, without `trigger`, from wherever the caller sets `open` (a row's menu). With `reasonLabel`
 * it also asks for a reason the person concerned will read (a rejection, a disabled account).
 * The description is rendered only while the dialog is open, so what it reads is asked for then.
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
  reasonLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingText: string;
  pending: boolean;
  destructive?: boolean;
  /** Asks for a reason (3 to 500 characters) when given. */
  reasonLabel?: string;
  /** Called with the trimmed reason, or '' when none is asked for. */
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = () => {
    if (reasonLabel && reason.trim().length < 3) {
      setError('Give a reason of at least 3 characters.');
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('');
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      {trigger ? (
        <DialogTrigger asChild>
          <Button variant="outline" size="sm" {...triggerProps}>
            {trigger}
          </Button>
        </DialogTrigger>
      ) : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        </DialogHeader>
        {reasonLabel ? (
          <div className="grid gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              {reasonLabel}
            </label>
            <Textarea
              id={id}
              value={reason}
              maxLength={500}
              rows={3}
              aria-invalid={Boolean(error)}
              onChange={(event) => setReason(event.target.value)}
            />
            <FieldError>{error}</FieldError>
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <SubmitButton
            type="button"
            variant={destructive ? 'destructive' : 'default'}
            pending={pending}
            pendingText={pendingText}
            onClick={submit}
          >
            {confirmLabel}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
