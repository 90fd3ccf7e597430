import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { BillingSummary } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { formatUsd } from '@/components/pricing/format-cents';
import { useMoney } from '@/components/pricing/use-money';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { BudgetBar } from '@/components/billing/budget-bar';
import { budgetMeter } from '@/components/billing/budget-meter';
import { monthLabel } from '../billing-figures';
import { DashboardCard } from './dashboard-card';

/**
 * The month's spend (UTC): so far, the forecast to its end, and the budget bar when a budget is
 * set; amounts in the display currency, with the invoiced dollars beside converted ones.
 */
export function MonthSpend({
  summary,
  error,
  onRetry,
}: {
  summary: BillingSummary | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <DashboardCard
      title="Spend this month"
      description={
        summary
          ? `${monthLabel(summary.monthStart, summary.monthEnd)} (UTC): orders, renewals and metered usage.`
          : 'Orders, renewals and metered usage of the month (UTC).'
      }
      link={{ to: paths.billing, label: 'Billing' }}
    >
      {error ? (
        <QueryError title="The spend could not be loaded" error={error} onRetry={onRetry} />
      ) : !summary ? (
        <Spinner label="Loading the spend…" className="py-6" />
      ) : (
        <SpendFigures summary={summary} />
      )}
    </DashboardCard>
  );
}

function SpendFigures({ summary }: { summary: BillingSummary }) {
  const { money, currency } = useMoney();
  const meter = summary.budget
    ? budgetMeter(summary.monthToDate, summary.forecast, summary.budget)
    : null;
  return (
    <div className="grid gap-x-10 gap-y-4 lg:grid-cols-2">
      <div className="space-y-3">
        <dl className="grid grid-cols-2 gap-4">
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-muted-foreground">Month to date</dt>
            <dd
              className="mt-auto text-2xl font-semibold tabular-nums"
              data-testid="spend-month-to-date"
            >
              {money(summary.monthToDate)}
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-muted-foreground">Forecast to month end</dt>
            <dd
              className="mt-auto text-2xl font-semibold tabular-nums"
              data-testid="spend-forecast"
            >
              {money(summary.forecast)}
            </dd>
          </div>
        </dl>
        {currency === 'USD' ? null : (
          <p className="text-xs text-muted-foreground" data-testid="spend-currency-note">
            Invoices are in US dollars: {formatUsd(summary.monthToDate)} so far,{' '}
            {formatUsd(summary.forecast)} forecast. Other currencies are converted at today’s rate.
          </p>
        )}
      </div>
      <div className="space-y-3">
        {summary.budget && meter ? (
          <div className="space-y-2" data-testid="spend-budget">
            <p className="flex flex-wrap justify-between gap-x-4 text-sm">
              <span>
                <span className="font-medium tabular-nums">{money(summary.monthToDate)}</span> of{' '}
                <span className="tabular-nums">{money(summary.budget.amount)}</span> budget
              </span>
              <span className="text-muted-foreground tabular-nums">
                {meter.spentPercent}% spent · {meter.forecastPercent}% forecast
              </span>
            </p>
            <BudgetBar
              meter={meter}
              valueText={`${money(summary.monthToDate)} of ${money(summary.budget.amount)}, ${meter.spentPercent}%; alerts at ${summary.budget.thresholds.join('%, ')}%`}
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="spend-no-budget">
            No monthly budget set.{' '}
            <Link to={paths.billing} className="font-medium text-primary hover:underline">
              Set one on Billing
            </Link>{' '}
            to be alerted as spending grows.
          </p>
        )}
        <Link
          to={paths.usage}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          Usage by day and cluster
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
