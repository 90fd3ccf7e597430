import { Link } from 'react-router';
import { PackageOpen, Plus } from 'lucide-react';
import type { OrderListQuery } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { orderKindLabels, orderStatusDisplay } from '../order-status';
import { useOrders } from '../queries';
import { OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';

function NoOrdersYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <PackageOpen className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No orders yet</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        Orders appear here once you order a cluster, an add-on or a support plan.
      </p>
      <Button asChild>
        <Link to={paths.configureCluster}>
          <Plus aria-hidden="true" />
          Configure a new cluster
        </Link>
      </Button>
    </div>
  );
}

function captionOf({ kind, status }: OrderListQuery) {
  const what = kind ? `${orderKindLabels[kind]} orders` : 'Orders';
  return status ? `${what}, ${orderStatusDisplay[status].label.toLowerCase()}` : what;
}

/** The organization's orders, newest first, filtered by kind and status. */
export function OrdersList({ filters }: { filters: OrderListQuery }) {
  const orders = useOrders(filters);
  const filtered = Boolean(filters.kind || filters.status);

  let body;
  if (orders.error) {
    body = (
      <QueryError
        title="The orders could not be loaded"
        error={orders.error}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (orders.data && orders.data.length === 0 && !filtered) {
    body = <NoOrdersYet />;
  } else {
    const placeholder = !orders.data ? (
      'Loading orders…'
    ) : orders.data.length === 0 ? (
      <>
        No orders match these filters.{' '}
        <Link to={paths.orders} className="font-medium text-primary hover:underline">
          Show all orders
        </Link>
      </>
    ) : undefined;
    body = (
      <OrdersTable
        orders={orders.data ?? []}
        caption={captionOf(filters)}
        placeholder={placeholder}
      />
    );
  }

  return (
    <div className="space-y-6">
      <OrderFilters filters={filters} />
      {body}
    </div>
  );
}
