import { useQuery } from '@tanstack/react-query';
import type { Budget } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { useCan } from '@/lib/session/use-can';
import { cn } from '@/lib/cn';
import { budgetUsedPercent, formatDate } from '../billing-format';
import { billingQueries } from '../queries';
import { BillingSection } from './billing-section';
import { FormDialog } from '@/components/ui/form-dialog';
import { BudgetForm, loadForms } from './lazy-forms';
import { QueryGate } from './query-gate';

function BudgetView({ budget, monthToDate }: { budget: Budget; monthToDate: number | undefined }) {
  const { money } = useMoney();
  if (budget.amount === null) {
    return (
      <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        No budget set. With one, the admins are alerted when the month’s spend crosses the
        thresholds you choose.
      </p>
    );
  }
  const used = monthToDate === undefined ? null : budgetUsedPercent(monthToDate, budget.amount);
  return (
    <div className="space-y-4 text-sm">
      <p>
        <strong className="text-lg tabular-nums" data-testid="budget-amount">
          {money(budget.amount)}
        </strong>{' '}
        a month; alerts at {budget.thresholds.map((value) => `${value}%`).join(', ')}.
      </p>
      {used !== null ? (
        <div className="space-y-1.5">
          <div
            role="meter"
            aria-label="Budget used this month"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(used, 100)}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn('h-full rounded-full bg-primary', used >= 100 && 'bg-destructive')}
              style={{ width: `${Math.min(used, 100)}%` }}
            />
          </div>
          <p className="text-muted-foreground">
            {used}% used: {money(monthToDate ?? 0)} so far this month.
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
        {(data) => <BudgetView budget={data} monthToDate={summary.data?.monthToDate} />}
      </QueryGate>
    </BillingSection>
  );
}
