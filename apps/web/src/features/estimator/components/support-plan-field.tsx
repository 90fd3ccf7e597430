import { RadioGroup } from 'radix-ui';
import type { SupportPlan } from '@alpenkube/contract';
import type { BillingCycle } from '@alpenkube/contract/pricing';
import { useMoney } from '@/components/pricing/use-money';
import { responseTime } from '@/lib/catalog/response-time';

/** The support plans as radio cards: price, what they cover and how fast they answer. */
export function SupportPlanField({
  plans,
  value,
  billingCycle,
  onChange,
  error,
}: {
  plans: readonly SupportPlan[];
  value: string;
  billingCycle: BillingCycle;
  onChange: (slug: string) => void;
  error?: string;
}) {
  const { money } = useMoney();
  return (
    <div className="space-y-2">
      <RadioGroup.Root
        aria-label="Support plan"
        value={value}
        onValueChange={onChange}
        className="grid gap-3 sm:grid-cols-3"
      >
        {plans.map((plan) => {
          const price = billingCycle === 'yearly' ? plan.priceYearly : plan.priceMonthly;
          return (
            <RadioGroup.Item
              key={plan.slug}
              value={plan.slug}
              className="flex flex-col items-stretch justify-start rounded-lg border border-border p-3 text-left text-sm transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=checked]:border-primary data-[state=checked]:bg-primary/5"
            >
              <span className="block font-semibold">{plan.name}</span>
              <span className="block font-medium">
                {price === 0
                  ? 'Free'
                  : `${money(price)} a ${billingCycle === 'yearly' ? 'year' : 'month'}`}
              </span>
              <span className="mt-1 block text-muted-foreground">{plan.description}</span>
              <span className="mt-2 block text-xs text-muted-foreground">
                First response: urgent, {responseTime(plan.responseMinutes.urgent)}; normal,{' '}
                {responseTime(plan.responseMinutes.normal)}
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
