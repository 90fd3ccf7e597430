import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, SubmitButton } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';

/**
 * A confirmation opened from a row's menu (so without a trigger of its own), optionally asking
 * for a reason the person will read: a rejection, a refusal, a disabled account.
 */
export function ActionDialog({
  open,
  onOpenChange,
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
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingText: string;
  pending: boolean;
  destructive?: boolean;
  /** Asks for a reason (3 to 500 characters) when given. */
  reasonLabel?: string;
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
            <Button variant="outline">Cancel</Button>
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
