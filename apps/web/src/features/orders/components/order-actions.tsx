import { Link } from 'react-router';
import { CreditCard, Server } from 'lucide-react';
import type { Order } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/session/use-can';
import { CancelOrderDialog } from './cancel-order-dialog';

/**
 * Where an unpaid order is paid: the wizard resumes a cluster order at its checkout step, with
 * its configuration beside it; every other kind has the plain checkout page.
 */
export const completePaymentHref = (order: Pick<Order, 'id' | 'kind'>) =>
  order.kind === 'cluster'
    ? `${paths.configureCluster}?order=${encodeURIComponent(String(order.id))}`
    : paths.checkout(order.id);

/** What can be done with the order now: pay or cancel it while unpaid, see what it created. */
export function OrderActions({ order }: { order: Order }) {
  const canOrder = useCan('orderer', 'orders:write');
  return (
    <>
      {order.clusterId !== null ? (
        <Button asChild variant="outline">
          <Link to={paths.cluster(order.clusterId)}>
            <Server aria-hidden="true" />
            View cluster
          </Link>
        </Button>
      ) : null}
      {order.status === 'pending_payment' && canOrder ? (
        <>
          <CancelOrderDialog order={order} />
          <Button asChild>
            <Link to={completePaymentHref(order)}>
              <CreditCard aria-hidden="true" />
              Complete payment
            </Link>
          </Button>
        </>
      ) : null}
    </>
  );
}
