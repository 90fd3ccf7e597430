import { Link } from 'react-router';
import { PackageOpen, Plus } from 'lucide-react';
import type { OrderListQuery } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { orderKindLabels, orderStatusDisplay } from '../order-status';
import { useOrderPages } from '../queries';
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
  const pages = useOrderPages(filters);
  const list = pages.data?.pages.flat();
  const filtered = Boolean(filters.kind || filters.status);

  let body;
  if (pages.error && !list) {
    body = (
      <QueryError
        title="The orders could not be loaded"
        error={pages.error}
        onRetry={() => void pages.refetch()}
      />
    );
  } else if (list && list.length === 0 && !filtered) {
    body = <NoOrdersYet />;
  } else {
    const placeholder = !list ? (
      'Loading orders…'
    ) : list.length === 0 ? (
      <>
        No orders match these filters.{' '}
        <Link to={paths.orders} className="font-medium text-primary hover:underline">
          Show all orders
        </Link>
      </>
    ) : undefined;
    body = (
      <div className="space-y-4">
        <OrdersTable orders={list ?? []} caption={captionOf(filters)} placeholder={placeholder} />
        {pages.hasNextPage ? (
          <div className="flex justify-center">
            <SubmitButton
              type="button"
              variant="outline"
              pending={pages.isFetchingNextPage}
              pendingText="Loading older orders…"
              onClick={() => void pages.fetchNextPage()}
            >
              Show older orders
            </SubmitButton>
          </div>
        ) : null}
        {pages.error && list ? (
          <p role="alert" className="text-center text-sm text-destructive">
            {pages.error.message}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <OrderFilters filters={filters} />
      {body}
    </div>
  );
}
