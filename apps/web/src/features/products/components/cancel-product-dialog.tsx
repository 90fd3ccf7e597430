import { useState } from 'react';
import type { ProductDetail } from '@alpenkube/contract';
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
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { useMoney } from '@/components/pricing/use-money';
import { useCancelProduct } from '../queries';

/** Cancelling, confirmed, with the credit it gives: the unused part of the prepaid period. */
export function CancelProductDialog({ product }: { product: ProductDetail }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelProduct();
  const { money } = useMoney();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        cancel.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          Cancel product
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Cancel {product.name}?</DialogTitle>
          <DialogDescription>
            Its instances and data are deleted (a final snapshot is kept for 7 days), and it does
            not renew.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          You get{' '}
          <span className="font-semibold tabular-nums" data-testid="cancel-credit">
            {money(product.cancelCredit)}
          </span>{' '}
          back as credit: the unused part of the period you paid.
        </p>
        {cancel.error ? <FormAlert>{cancel.error.message}</FormAlert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it</Button>
          </DialogClose>
          <SubmitButton
            type="button"
            variant="destructive"
            pending={cancel.isPending}
            pendingText="Cancelling…"
            onClick={() => cancel.mutate(product.id, { onSuccess: () => setOpen(false) })}
          >
            Cancel {product.name}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
