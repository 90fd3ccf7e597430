import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrderListQuery, OrderStatus } from '@alpenkube/contract';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { kindTabs, ordersHref } from '../order-filters';
import { orderStatusDisplay, orderStatusList } from '../order-status';

/** Kind tabs (links, so each filter has its address) and a status select. */
export function OrderFilters({ filters }: { filters: OrderListQuery }) {
  const navigate = useNavigate();
  const statusId = useId();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <nav aria-label="Order kinds" className="max-w-full overflow-x-auto">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
          {kindTabs.map((tab) => {
            const current = tab.kind === filters.kind;
            return (
              <li key={tab.label}>
                <Link
                  to={ordersHref({ kind: tab.kind, status: filters.status })}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                    current
                      ? 'bg-background text-foreground shadow-sm'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="grid gap-1.5 sm:w-56">
        <Label htmlFor={statusId}>Status</Label>
        <NativeSelect
          id={statusId}
          value={filters.status ?? ''}
          onChange={(event) =>
            void navigate(
              ordersHref({
                kind: filters.kind,
                status: (event.target.value || undefined) as OrderStatus | undefined,
              }),
            )
          }
        >
          <option value="">Any status</option>
          {orderStatusList.map((status) => (
            <option key={status} value={status}>
              {orderStatusDisplay[status].label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
