import { useState } from 'react';
import { XCircle } from 'lucide-react';
import type { Order } from '@alpenkube/contract';
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
import { useCancelOrder } from '../queries';

/** "Cancel order", confirmed in a dialog; a refusal (409: paid meanwhile) is a toast. */
export function CancelOrderDialog({ order }: { order: Pick<Order, 'id' | 'number'> }) {
  const [open, setOpen] = useState(false);
  const { toast } = useToast();
  const cancel = useCancelOrder({
    onSuccess: () => {
      setOpen(false);
      toast({
        title: 'Order cancelled',
        description: `${order.number} is cancelled.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      setOpen(false);
      toast({
        title: 'The order was not cancelled',
        description: error.message,
        variant: 'destructive',
      });
    },
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <XCircle aria-hidden="true" />
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel order {order.number}?</DialogTitle>
          <DialogDescription>
            Nothing has been charged for it. A cancelled order cannot be paid later: you would order
            again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep the order</Button>
          </DialogClose>
          <SubmitButton
            type="button"
            variant="destructive"
            pending={cancel.isPending}
            pendingText="Cancelling..."
            onClick={() => cancel.mutate(order.id)}
          >
            Cancel order
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
