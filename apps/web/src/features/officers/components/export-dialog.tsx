import type { Person } from '@alpenkube/contract';
import { PasswordConfirmDialog } from './password-confirm-dialog';

/** A person's data leaves the platform: the officer's own password first. */
export function ExportDialog({
  person,
  ...props
}: {
  person: Person;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error: string | undefined;
  onConfirm: (password: string) => void;
}) {
  return (
    <PasswordConfirmDialog
      {...props}
      title={`Export the data of ${person.username}?`}
      description="Everything the platform holds about them is downloaded as a .zip, and the request is recorded. Enter your password to continue."
      submit="Export data"
      pendingText="Exporting…"
    />
  );
}
