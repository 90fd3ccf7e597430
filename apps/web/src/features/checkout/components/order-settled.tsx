import { Link } from 'react-router';
import type { Order } from '@alpenkube/contract/orders';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { orderListPaths } from '@/lib/order-links';

const settledListLabels: Record<Order['kind'], string> = {
  cluster: 'All cluster orders',
  addon: 'All add-on orders',
  product: 'All product orders',
  support: 'All orders',
  high_availability: 'All orders',
};

/** An order that no longer waits for payment: nothing to pay, a link to where it stands. */
export function OrderSettled({ order }: { order: Order }) {
  const cancelled = order.status === 'cancelled';
  return (
    <div className="space-y-4">
      <FormAlert variant={cancelled ? 'info' : 'success'} title={`Order ${order.number}`}>
        {cancelled
          ? 'This order was cancelled: there is nothing to pay.'
          : order.status === 'failed'
            ? 'This order could not be completed; what was paid is credited back.'
            : 'This order is paid.'}
      </FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.orderStatus(order.id)}>See the order’s status</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={orderListPaths[order.kind]}>{settledListLabels[order.kind]}</Link>
        </Button>
      </div>
    </div>
  );
}
