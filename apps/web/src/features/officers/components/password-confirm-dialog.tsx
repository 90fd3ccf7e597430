import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CurrentPasswordField } from '@/components/ui/current-password-field';
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

/**
 * What takes or destroys a person's data asks for the officer's own password in a dialog, so an
 * open session is not enough; `children` add what else the step asks for.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  submit,
  pendingText,
  destructive = false,
  ready = true,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children?: ReactNode;
  submit: string;
  pendingText: string;
  destructive?: boolean;
  /** Whatever else the dialog asks for is filled in. */
  ready?: boolean;
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
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <CurrentPasswordField
            value={password}
            onChange={setPassword}
            error={error}
            autoFocus={!children}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              variant={destructive ? 'destructive' : 'default'}
              pending={pending}
              pendingText={pendingText}
              disabled={pending || !ready || !password}
            >
              {submit}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
