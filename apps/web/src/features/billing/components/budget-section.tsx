import { useQuery } from '@tanstack/react-query';
import type { BillingSummary, Budget } from '@alpenkube/contract/billing';
import { BudgetBar } from '@/components/billing/budget-bar';
import { budgetMeter } from '@/components/billing/budget-meter';
import { useMoney } from '@/components/pricing/use-money';
import { useCan } from '@/lib/session/use-can';
import { formatDate } from '../billing-format';
import { billingQueries } from '../queries';
import { BillingSection } from './billing-section';
import { FormDialog } from '@/components/ui/form-dialog';
import { BudgetForm, loadForms } from './lazy-forms';
import { QueryGate } from './query-gate';

function BudgetView({
  budget,
  summary,
}: {
  budget: Budget;
  summary: Pick<BillingSummary, 'monthToDate' | 'forecast'> | undefined;
}) {
  const { money } = useMoney();
  if (budget.amount === null) {
    return (
      <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        No budget set. With one, the admins are alerted when the month’s spend crosses the
        thresholds you choose.
      </p>
    );
  }
  const meter = summary
    ? budgetMeter(summary.monthToDate, summary.forecast, {
        amount: budget.amount,
        thresholds: budget.thresholds,
      })
    : null;
  return (
    <div className="space-y-4 text-sm">
      <p>
        <strong className="text-lg tabular-nums" data-testid="budget-amount">
          {money(budget.amount)}
        </strong>{' '}
        a month; alerts at {budget.thresholds.map((value) => `${value}%`).join(', ')}.
      </p>
      {summary && meter ? (
        <div className="space-y-1.5">
          <BudgetBar
            meter={meter}
            valueText={`${money(summary.monthToDate)} of ${money(budget.amount)}, ${meter.spentPercent}%`}
          />
          <p className="text-muted-foreground">
            {meter.spentPercent}% used: {money(summary.monthToDate)} so far this month, about{' '}
            {money(summary.forecast)} by its end.
          </p>
        </div>
      ) : null}
      <div>
        <p className="font-medium">Alerts this month</p>
        {budget.alerts.length === 0 ? (
          <p className="text-muted-foreground">None yet.</p>
        ) : (
          <ul className="mt-1 space-y-1" aria-label="Budget alerts this month">
            {budget.alerts.map((alert) => (
              <li key={alert.threshold} data-testid="budget-alert">
                {alert.threshold}% reached on {formatDate(alert.at, true)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The monthly budget and this month's alerts; only the organization's admins change it. */
export function BudgetSection() {
  const budget = useQuery(billingQueries.budget());
  const summary = useQuery(billingQueries.summary());
  const isAdmin = useCan('orgAdmin');
  return (
    <BillingSection
      id="budget"
      title="Budget"
      description="A monthly amount, and alerts to the admins as the month’s spend nears it."
      actions={
        isAdmin && budget.data ? (
          <FormDialog
            preload={loadForms}
            trigger={budget.data.amount === null ? 'Set a budget' : 'Edit budget'}
            title="Monthly budget"
            description="Alerts go to your organization’s admins by notification and e-mail."
          >
            {(close) => <BudgetForm budget={budget.data!} close={close} />}
          </FormDialog>
        ) : null
      }
    >
      <QueryGate query={budget} what="the budget">
        {(data) => <BudgetView budget={data} summary={summary.data} />}
      </QueryGate>
    </BillingSection>
  );
}
