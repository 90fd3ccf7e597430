import type { ReactNode } from 'react';
import type { BillingSummary } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { formatDate } from '../billing-format';
import { UsdNote } from './usd-note';

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

/** The month at a glance: balance, spend so far, where the month is heading, what is unpaid. */
export function BillingFigures({ summary }: { summary: BillingSummary }) {
  const { money } = useMoney();
  const { openInvoices, nextRenewal } = summary;
  // The month's end is exclusive: its last day is the one before.
  const lastDay = new Date(new Date(summary.monthEnd).getTime() - 1).toISOString();
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="This month">
        <Figure
          label="Credit balance"
          value={money(summary.creditBalance)}
          detail="Taken first by every payment"
          testId="figure-credit"
        />
        <Figure
          label="Month to date"
          value={money(summary.monthToDate)}
          detail={`Since ${formatDate(summary.monthStart)}`}
          testId="figure-month-to-date"
        />
        <Figure
          label="Forecast"
          value={money(summary.forecast)}
          detail={`By ${formatDate(lastDay)}, at ${money(summary.hourlyRunRate)} an hour`}
          testId="figure-forecast"
        />
        <Figure
          label="Open invoices"
          value={money(openInvoices.total)}
          detail={
            openInvoices.count === 0
              ? 'Nothing to pay'
              : `${openInvoices.count} invoice${openInvoices.count === 1 ? '' : 's'} to pay`
          }
          testId="figure-open-invoices"
        />
      </dl>
      {nextRenewal ? (
        <p className="text-sm text-muted-foreground" data-testid="next-renewal">
          Next renewal: {nextRenewal.description}, {money(nextRenewal.amount)} on{' '}
          {formatDate(nextRenewal.at)}.
        </p>
      ) : null}
      <UsdNote />
    </div>
  );
}
