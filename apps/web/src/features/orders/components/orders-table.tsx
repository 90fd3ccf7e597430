import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrderSummary } from '@alpenkube/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { useMoney } from '@/components/pricing/use-money';
import { billingCycleLabels, formatOrderDate, orderKindLabels } from '../order-status';
import { OrderStatusBadge } from './order-status-badge';

function columns(formatCents: (cents: number) => string): DataTableColumn<OrderSummary>[] {
  return [
    {
      id: 'number',
      header: 'Order',
      rowHeader: true,
      cell: (order) => (
        <>
          <Link
            to={paths.orderStatus(order.id)}
            className="font-mono text-primary underline-offset-4 hover:underline"
          >
            {order.number}
          </Link>
          {/* Phones have no room for the description column: it goes under the number. */}
          <span className="mt-0.5 block max-w-40 truncate font-normal text-muted-foreground md:hidden">
            {order.description}
          </span>
        </>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      className: 'hidden md:table-cell',
      cell: (order) => (
        <>
          <span className="block">{order.description}</span>
          <span className="text-xs text-muted-foreground">
            {orderKindLabels[order.kind]} · {billingCycleLabels[order.billingCycle]}
          </span>
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (order) => (
        <>
          <OrderStatusBadge status={order.status} />
          {/* Phones show the total under the status rather than in a column off the screen. */}
          <span className="mt-1 block tabular-nums sm:hidden">{formatCents(order.total)}</span>
        </>
      ),
    },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      className: 'hidden sm:table-cell',
      cellClassName: 'tabular-nums',
      cell: (order) => formatCents(order.total),
    },
    {
      id: 'date',
      header: 'Date',
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cell: (order) => (
        <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt, false)}</time>
      ),
    },
  ];
}

/**
 * The orders, one row each; the number is the link, and a click anywhere on a row follows it
 * too (keyboard users reach the link).
 */
export function OrdersTable({
  orders,
  caption,
  placeholder,
}: {
  orders: readonly OrderSummary[];
  caption: string;
  placeholder?: ReactNode;
}) {
  const navigate = useNavigate();
  const { money } = useMoney();
  const open = (order: OrderSummary) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) return;
    void navigate(paths.orderStatus(order.id));
  };
  return (
    <DataTable
      columns={columns(money)}
      rows={orders}
      caption={caption}
      rowKey={(order) => order.id}
      rowProps={(order) => ({
        onClick: open(order),
        className: 'cursor-pointer transition-colors hover:bg-muted/50',
        'data-testid': 'order-row',
        'data-order-number': order.number,
      })}
      placeholder={placeholder}
      density="comfortable"
      className="bg-card"
    />
  );
}
