import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { OrderSummary } from '@alpenkube/contract';
import { paths } from '@/config/paths';
import { useMoney } from '@/components/pricing/use-money';
import { cn } from '@/lib/cn';
import { formatOrderDate } from '../order-status';
import { OrderStatusBadge } from './order-status-badge';

/** Open orders as links to their pages: number, status, what they bought, total, last change. */
export function OpenOrdersList({
  orders,
  label,
  className,
}: {
  orders: readonly OrderSummary[];
  label: string;
  className?: string;
}) {
  const { money } = useMoney();
  return (
    <ul aria-label={label} className={cn('divide-y rounded-xl border bg-card', className)}>
      {orders.map((order) => (
        <li key={order.id} data-testid="open-order" data-order-number={order.number}>
          <Link
            to={paths.orderStatus(order.id)}
            className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex items-start justify-between gap-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-medium">{order.number}</span>
                  <OrderStatusBadge status={order.status} />
                </div>
                <span className="shrink-0 text-sm font-medium tabular-nums">
                  {money(order.total)}
                </span>
              </div>
              <p className="truncate text-sm text-muted-foreground">{order.description}</p>
              <p className="text-xs text-muted-foreground">
                Updated <time dateTime={order.updatedAt}>{formatOrderDate(order.updatedAt)}</time>
              </p>
            </div>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
