import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOpenOrders } from '../queries';
import { OpenOrdersList } from './open-orders-list';

/** The dashboard shows this many open orders; the rest are one link away. */
export const DASHBOARD_OPEN_ORDERS = 5;

/** The dashboard's card of open orders: the newest five, live, with a link to all of them. */
export function OpenOrders() {
  // The newest five of each open status hold the newest five open orders.
  const open = useOpenOrders(DASHBOARD_OPEN_ORDERS);
  const shown = open.orders?.slice(0, DASHBOARD_OPEN_ORDERS);
  const more = (open.orders?.length ?? 0) > DASHBOARD_OPEN_ORDERS || open.truncated.length > 0;

  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0 p-4 sm:p-6">
        <div className="space-y-1.5">
          <h2 className="leading-none font-semibold tracking-tight">Open orders</h2>
          <CardDescription>Waiting for payment or being set up.</CardDescription>
        </div>
        <Link
          to={paths.orderStatusList}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          View all
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent className="flex-1 p-4 pt-0 sm:p-6 sm:pt-0">
        {open.error ? (
          <QueryError
            title="The open orders could not be loaded"
            error={open.error}
            onRetry={() => void open.refetch()}
          />
        ) : !shown ? (
          <Spinner label="Loading open orders…" className="py-6" />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No open orders.{' '}
            <Link to={paths.orders} className="font-medium text-primary hover:underline">
              See past orders
            </Link>
          </p>
        ) : (
          <>
            <OpenOrdersList orders={shown} label="Open orders" />
            {more ? (
              <p className="mt-3 text-sm text-muted-foreground">
                The newest {DASHBOARD_OPEN_ORDERS} are shown.{' '}
                <Link
                  to={paths.orderStatusList}
                  className="font-medium text-primary hover:underline"
                >
                  See every open order
                </Link>
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
