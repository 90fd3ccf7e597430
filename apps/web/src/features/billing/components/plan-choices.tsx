import type { BillingPlans } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { cn } from '@/lib/cn';

type Cycle = BillingPlans['billingCycle'];
type Plan = BillingPlans['plans'][number];

const optionClass =
  'cursor-pointer border has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';
const chosenClass = 'border-primary bg-primary/5 ring-1 ring-primary';

export function CycleChoice({
  cycle,
  onChange,
}: {
  cycle: Cycle;
  onChange: (cycle: Cycle) => void;
}) {
  return (
    <fieldset className="flex gap-2">
      <legend className="sr-only">Billing cycle</legend>
      {(['monthly', 'yearly'] as const).map((value) => (
        <label
          key={value}
          className={cn(
            optionClass,
            'flex items-center gap-2 rounded-md px-3 py-1.5 text-sm',
            cycle === value && chosenClass,
          )}
        >
          <input
            type="radio"
            name="plan-cycle"
            checked={cycle === value}
            onChange={() => onChange(value)}
            className="accent-[var(--primary)]"
          />
          {value === 'monthly' ? 'Monthly' : 'Yearly'}
        </label>
      ))}
    </fieldset>
  );
}

/** The plans to change to, with their price for the chosen cycle. */
export function PlanChoices({
  plans,
  cycle,
  choice,
  onChange,
}: {
  plans: Plan[];
  cycle: Cycle;
  choice: string;
  onChange: (slug: string) => void;
}) {
  const { money } = useMoney();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Plan</legend>
      {plans.map((plan) => {
        const price = cycle === 'yearly' ? plan.priceYearly : plan.priceMonthly;
        return (
          <label
            key={plan.slug}
            className={cn(
              optionClass,
              'flex gap-3 rounded-xl p-3',
              choice === plan.slug && chosenClass,
            )}
          >
            <input
              type="radio"
              name="plan"
              value={plan.slug}
              checked={choice === plan.slug}
              onChange={() => onChange(plan.slug)}
              className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
            />
            <span className="min-w-0 flex-1 text-sm">
              <span className="flex flex-wrap justify-between gap-x-3 font-medium">
                {plan.name}
                <span className="tabular-nums">
                  {price === 0
                    ? 'Included'
                    : `${money(price)} a ${cycle === 'yearly' ? 'year' : 'month'}`}
                </span>
              </span>
              <span className="block text-muted-foreground">{plan.description}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
