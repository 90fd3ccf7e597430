import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { ProductSecret } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
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
import { CurrentPasswordField } from '@/components/ui/current-password-field';
import { useRevealSecret } from '../queries';

/** A secret shown before: the password again, so that a session left open is not enough. */
export function PasswordRevealDialog({
  productId,
  onRevealed,
}: {
  productId: number;
  onRevealed: (secret: ProductSecret) => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const reveal = useRevealSecret();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        reveal.reset();
        setPassword('');
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <KeyRound aria-hidden="true" /> Reveal the secret again
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Enter your password</DialogTitle>
          <DialogDescription>
            This secret was shown once already. Your password shows it again.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            reveal.mutate(
              { id: productId, password },
              {
                onSuccess: (secret) => {
                  setOpen(false);
                  onRevealed(secret);
                },
              },
            );
          }}
        >
          <CurrentPasswordField
            label="Password"
            value={password}
            onChange={setPassword}
            error={reveal.error?.message}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton pending={reveal.isPending} pendingText="Checking…" disabled={!password}>
              Show the secret
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
