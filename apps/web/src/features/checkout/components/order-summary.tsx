import type { ReactNode } from 'react';
import type { Order } from '@alpenkube/contract/orders';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/components/pricing/format-cents';
import { useMoney } from '@/components/pricing/use-money';

function Row({
  label,
  value,
  strong,
  testId,
  className,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  testId: string;
  className?: string;
}) {
  return (
    <div
      className={cn('flex justify-between gap-4', strong && 'text-base font-semibold', className)}
    >
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The order as the server priced it: its lines, the promo discount, the credit balance taken
 * first, and what is left for the card.
 */
export function OrderSummary({
  order,
  creditApplied,
  amountDue,
}: {
  order: Order;
  creditApplied: number;
  amountDue: number;
}) {
  const { money, currency } = useMoney();
  const period = order.billingCycle === 'yearly' ? 'year' : 'month';
  return (
    <aside
      aria-labelledby="checkout-order-heading"
      className="order-first space-y-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5 lg:sticky lg:top-20 lg:order-none"
    >
      <div>
        <h3 id="checkout-order-heading" className="text-lg font-semibold">
          Order {order.number}
        </h3>
        <p className="text-sm text-muted-foreground">{order.description}</p>
      </div>
      <ul className="divide-y divide-border text-sm" aria-label={`Lines, per ${period}`}>
        {order.lines.map((line, index) => (
          <li key={`${line.kind}-${index}`} className="flex justify-between gap-4 py-2">
            <span className="min-w-0">
              {line.description}
              <span className="block text-xs text-muted-foreground tabular-nums">
                {line.quantity} × {money(line.unitAmount)}
              </span>
            </span>
            <span className="tabular-nums">{money(line.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-border pt-3 text-sm" aria-label="Order totals">
        <Row
          label={`Subtotal, per ${period}`}
          value={money(order.subtotal)}
          testId="checkout-subtotal"
        />
        {order.discount > 0 ? (
          <Row
            label={`Promo ${order.promoCode ?? ''}`.trim()}
            value={`−${money(order.discount)}`}
            testId="checkout-discount"
          />
        ) : null}
        <Row label="Total" value={money(order.total)} testId="checkout-total" />
        {creditApplied > 0 ? (
          <Row
            label="Credit balance, applied first"
            value={`−${money(creditApplied)}`}
            testId="checkout-credit"
          />
        ) : null}
        <Row
          label="Due now"
          value={money(amountDue)}
          strong
          testId="checkout-due"
          className="border-t border-border pt-2"
        />
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="checkout-charged">
        {currency === 'USD'
          ? `Charged in US dollars, for the first ${period}.`
          : `Charged in US dollars: ${formatUsd(amountDue)} for the first ${period}. Shown in ${currency} at today’s rate, rounded down.`}
      </p>
      {order.discount > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="checkout-promo-rule">
          The promo code goes to your organization’s first paid order: if another order is paid
          first, this one is priced again without it before anything is charged.
        </p>
      ) : null}
    </aside>
  );
}
