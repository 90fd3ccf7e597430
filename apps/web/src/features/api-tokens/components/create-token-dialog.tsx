import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { CreatedApiToken } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { CreateTokenForm } from './create-token-form';
import { TokenReveal } from './token-reveal';

/**
 * Creates a token, then shows it in the same dialog. The token lives only in this dialog's
 * state: closing it forgets the token for good.
 */
export function CreateTokenDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(null);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          Create token
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{created ? 'Your new API token' : 'Create an API token'}</DialogTitle>
          <DialogDescription>
            {created
              ? 'Store it in your script’s secret store or environment.'
              : 'A token acts as you, within the scopes you choose, until it expires or is revoked.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <>
            <TokenReveal token={created.token} name={created.apiToken.name} />
            <DialogFooter>
              <Button type="button" onClick={() => change(false)}>
                I have copied it
              </Button>
            </DialogFooter>
          </>
        ) : open ? (
          <CreateTokenForm onCreated={setCreated} onCancel={() => change(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
