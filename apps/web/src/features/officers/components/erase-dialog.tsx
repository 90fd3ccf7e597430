import { useState } from 'react';
import type { Person } from '@alpenkube/contract';
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
import { SubmitButton } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';

/**
 * The second confirmation of an erasure: the officer types the person's username, and their
 * own password, so an open session is not enough.
 */
export function EraseDialog({
  person,
  open,
  onOpenChange,
  pending,
  error,
  onConfirm,
}: {
  person: Person;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error: string | undefined;
  onConfirm: (confirmation: string, password: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setTyped('');
          setPassword('');
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(typed, password);
          }}
          className="space-y-4"
        >
          <DialogHeader>
            <DialogTitle>Erase {person.username} for good?</DialogTitle>
            <DialogDescription>
              Their name, username and e-mail become a pseudonym everywhere, their sessions end at
              once and they can never sign in again. Invoices and the audit trail stay, under the
              pseudonym. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
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
          <FormField label="Your password" error={error}>
            <PasswordInput
              value={password}
              required
              autoComplete="current-password"
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              variant="destructive"
              pending={pending}
              pendingText="Erasing…"
              disabled={pending || typed !== person.username || !password}
            >
              Erase permanently
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
