import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { OpenOrdersList } from '../components/open-orders-list';
import { PageHeading } from '@/components/page/page-heading';
import { ordersHref } from '../order-filters';
import { orderStatusDisplay } from '../order-status';
import { ORDERS_MAX_PAGE, useOpenOrders } from '../queries';

/** /order-status: the orders still waiting for payment or being set up, live. */
export function OrderStatusListPage() {
  const open = useOpenOrders(ORDERS_MAX_PAGE);

  let body;
  if (open.error) {
    body = (
      <QueryError
        title="The open orders could not be loaded"
        error={open.error}
        onRetry={() => void open.refetch()}
      />
    );
  } else if (!open.orders) {
    body = <Spinner label="Loading open orders…" className="py-12" />;
  } else if (open.orders.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
        <h2 className="text-lg font-semibold">No open orders</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Nothing is waiting for payment or being set up. Finished and cancelled orders are in the
          order list.
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <OpenOrdersList orders={open.orders} label="Open orders" />
        {open.truncated.map((status) => (
          <p key={status} className="text-sm text-muted-foreground">
            Only the newest {ORDERS_MAX_PAGE} orders{' '}
            {orderStatusDisplay[status].label.toLowerCase()} are shown here.{' '}
            <Link to={ordersHref({ status })} className="font-medium text-primary hover:underline">
              See all of them
            </Link>
          </p>
        ))}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <PageHeading
        title="Order status"
        lead="Orders waiting for payment or being set up, with their latest status. This page updates by itself."
      >
        <Button asChild variant="outline">
          <Link to={paths.orders}>All orders</Link>
        </Button>
      </PageHeading>
      {body}
    </div>
  );
}
