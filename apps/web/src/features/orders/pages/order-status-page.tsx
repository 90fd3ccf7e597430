import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/http';
import { OrderDetail } from '../components/order-detail';
import { OrderNotFound } from '../components/order-not-found';
import { parseOrderId } from '@/lib/order-cache';
import { useOrder } from '../queries';

/** /order-status/:id: one order with its timeline, refreshed live by the order pushes. */
export function OrderStatusPage() {
  const id = parseOrderId(useParams().id);
  const order = useOrder(id);

  let body;
  if (id === null || (order.error instanceof HttpError && order.error.status === 404)) {
    body = <OrderNotFound />;
  } else if (order.error) {
    body = (
      <>
        <h1 className="sr-only">Order status</h1>
        <QueryError
          title="The order could not be loaded"
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      </>
    );
  } else if (!order.data) {
    body = <Spinner label="Loading the order…" className="min-h-[40dvh]" />;
  } else {
    body = <OrderDetail order={order.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <Link
        to={paths.orderStatusList}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Open orders
      </Link>
      {body}
    </div>
  );
}
