import type { UsageReport } from '@alpenkube/contract';
import { formatUsd } from '@/components/pricing/format-cents';
import { useMoney } from '@/components/pricing/use-money';
import { useCurrency } from '@/lib/currency';
import { formatRange } from '../usage-range';

/** The range's total cost, whose usage it is, and, in another currency, the invoiced dollars. */
export function UsageSummary({
  report,
  clusterName,
}: {
  report: UsageReport;
  /** Null for every cluster. */
  clusterName: string | null;
}) {
  const { money, currency } = useMoney();
  const { ratesDate } = useCurrency();
  return (
    <div className="flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <p className="text-sm text-muted-foreground">
        Billable usage, {formatRange(report)} · {clusterName ?? 'All clusters'}
      </p>
      <p className="text-3xl font-semibold tabular-nums" data-testid="usage-total">
        {money(report.totalCost)}
      </p>
      <p className="text-xs text-muted-foreground" data-testid="usage-currency-note">
        {currency === 'USD'
          ? 'Invoices are in US dollars.'
          : `Invoices are in US dollars: ${formatUsd(report.totalCost)} for this range. Amounts here are converted to ${currency} at ${
              ratesDate ? `the rate of ${ratesDate}` : 'the current rate'
            } and rounded down.`}
      </p>
    </div>
  );
}
