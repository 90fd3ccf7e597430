import { useState } from 'react';
import type { PaymentMethod } from '@alpenkube/contract/payments';
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
import { useToast } from '@/components/ui/use-toast';
import { useRemovePaymentMethod, useSetDefaultPaymentMethod } from '../queries';

/** Make a card the default, or remove it after a confirmation; refusals are toasts. */
export function PaymentMethodActions({ method, name }: { method: PaymentMethod; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const { toast } = useToast();
  const makeDefault = useSetDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();
  const refused = (title: string) => (error: Error) =>
    toast({ title, description: error.message, variant: 'destructive' });

  return (
    <div className="flex gap-2">
      {method.isDefault ? null : (
        <SubmitButton
          type="button"
          variant="outline"
          size="sm"
          pending={makeDefault.isPending}
          pendingText="Saving…"
          aria-label={`Make ${name} the default card`}
          onClick={() =>
            makeDefault.mutate(method.id, {
              onSuccess: () => toast({ title: `${name} is the default card`, variant: 'success' }),
              onError: refused('The default card did not change'),
            })
          }
        >
          Make default
        </SubmitButton>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove {name}?</DialogTitle>
            <DialogDescription>
              {method.isDefault
                ? 'It is the default card: your newest other card becomes the default.'
                : 'Renewals and invoices will not be charged to it any more.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <SubmitButton
              type="button"
              variant="destructive"
              pending={remove.isPending}
              pendingText="Removing…"
              onClick={() =>
                remove.mutate(method.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({ title: `${name} removed`, variant: 'success' });
                  },
                  onError: (error) => {
                    setConfirming(false);
                    refused('The card was not removed')(error);
                  },
                })
              }
            >
              Remove card
            </SubmitButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
