import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/form';

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
