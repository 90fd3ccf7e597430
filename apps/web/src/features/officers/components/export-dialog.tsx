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
import { PasswordInput } from '@/components/ui/password-input';

/** A person's data leaves the platform: the officer's own password first, so an open session is not enough. */
export function ExportDialog({
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
  onConfirm: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPassword('');
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(password);
          }}
        >
          <DialogHeader>
            <DialogTitle>Export the data of {person.username}?</DialogTitle>
            <DialogDescription>
              Everything the platform holds about them is downloaded as a .zip, and the request is
              recorded. Enter your password to continue.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Your password" error={error}>
            <PasswordInput
              value={password}
              required
              autoComplete="current-password"
              autoFocus
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton pending={pending} pendingText="Exporting…" disabled={!password}>
              Export data
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
