import type { ReactNode } from 'react';
import type { Order } from '@alpenkube/contract';
import { DataTable } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/components/pricing/format-cents';
import { useMoney } from '@/components/pricing/use-money';

type Line = Order['lines'][number];

function Row({
  label,
  value,
  strong,
  className,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-between gap-4', strong && 'font-semibold', className)}>
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The order's lines (quantity × unit price, amount), then its sums down to the amount due. */
export function OrderAmounts({ order }: { order: Order }) {
  const { money, currency } = useMoney();
  const period = order.billingCycle === 'yearly' ? 'year' : 'month';
  const quantityOf = (line: Line) => `${line.quantity} × ${money(line.unitAmount)}`;
  return (
    <div className="space-y-4">
      <DataTable<Line>
        caption={`Lines of order ${order.number}, per ${period}`}
        rows={order.lines}
        rowKey={(line, index) => `${line.kind}-${index}`}
        header="subtle"
        columns={[
          {
            id: 'item',
            header: 'Item',
            rowHeader: true,
            cell: (line) => (
              <>
                {line.description}
                {/* Phones have no room for the quantity column: it goes under the item. */}
                <span className="block font-normal whitespace-nowrap text-muted-foreground tabular-nums sm:hidden">
                  {quantityOf(line)}
                </span>
              </>
            ),
          },
          {
            id: 'quantity',
            header: 'Quantity',
            className: 'hidden sm:table-cell',
            cellClassName: 'whitespace-nowrap tabular-nums text-muted-foreground',
            cell: quantityOf,
          },
          {
            id: 'amount',
            header: 'Amount',
            align: 'right',
            cellClassName: 'tabular-nums',
            cell: (line) => money(line.amount),
          },
        ]}
        placeholder={order.lines.length === 0 ? 'No lines.' : undefined}
      />
      <div className="ml-auto grid max-w-sm gap-2 text-sm">
        <dl className="grid gap-2" aria-label="Order totals">
          <Row label="Subtotal" value={money(order.subtotal)} />
          {order.discount > 0 || order.promoCode ? (
            <Row
              label={order.promoCode ? `Promo discount (${order.promoCode})` : 'Promo discount'}
              value={`−${money(order.discount)}`}
            />
          ) : null}
          <Row label="Total" value={money(order.total)} strong />
          {order.creditApplied > 0 ? (
            <Row label="Credit applied" value={`−${money(order.creditApplied)}`} />
          ) : null}
          <Row
            label={order.paidAt ? 'Paid by card' : 'Amount due'}
            value={money(order.amountDue)}
            strong
            className="border-t pt-2"
          />
        </dl>
        <p className="text-right text-xs text-muted-foreground">
          {currency === 'USD'
            ? `Billed per ${period}, up front.`
            : `${order.paidAt ? 'Charged' : 'To be charged'} in US dollars: ${formatUsd(order.amountDue)}, billed per ${period}. Other currencies are converted at today’s rate.`}
        </p>
      </div>
    </div>
  );
}
