import { useState } from 'react';
import type { Person } from '@alpenkube/contract';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordConfirmDialog } from './password-confirm-dialog';

/**
 * The second confirmation of an erasure: the officer types the person's username, and their
 * own password.
 */
export function EraseDialog({
  person,
  open,
  onOpenChange,
  onConfirm,
  ...props
}: {
  person: Person;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error: string | undefined;
  onConfirm: (confirmation: string, password: string) => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <PasswordConfirmDialog
      {...props}
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      title={`Erase ${person.username} for good?`}
      description="Their name, username and e-mail become a pseudonym everywhere, their sessions end at once and they can never sign in again. Invoices and the audit trail stay, under the pseudonym. This cannot be undone."
      submit="Erase permanently"
      pendingText="Erasing…"
      destructive
      ready={typed === person.username}
      onConfirm={(password) => onConfirm(typed, password)}
    >
      <div className="space-y-2">
        <Label htmlFor="erase-confirmation">
          Type <strong className="break-all">{person.username}</strong> to confirm
        </Label>
        <Input
          id="erase-confirmation"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoFocus
        />
      </div>
    </PasswordConfirmDialog>
  );
}
