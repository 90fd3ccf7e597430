import { RadioGroup } from 'radix-ui';
import type { BillingCycle } from '@alpenkube/contract/pricing';

const cycles: { value: BillingCycle; label: string; hint: string }[] = [
  { value: 'monthly', label: 'Monthly', hint: 'Billed every month' },
  { value: 'yearly', label: 'Yearly', hint: 'A year up front, for less' },
];

/** Monthly or yearly: what the order charges first. */
export function BillingCycleField({
  value,
  discountPercent,
  onChange,
}: {
  value: BillingCycle;
  /** The configuration's yearly discount, when it has a price. */
  discountPercent?: number;
  onChange: (cycle: BillingCycle) => void;
}) {
  return (
    <RadioGroup.Root
      aria-label="Billing cycle"
      value={value}
      onValueChange={(next) => onChange(next as BillingCycle)}
      orientation="horizontal"
      className="grid grid-cols-2 gap-3 sm:max-w-md"
    >
      {cycles.map((cycle) => (
        <RadioGroup.Item
          key={cycle.value}
          value={cycle.value}
          className="flex flex-col items-stretch justify-start rounded-lg border border-border p-3 text-left text-sm transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=checked]:border-primary data-[state=checked]:bg-primary/5"
        >
          <span className="block font-semibold">{cycle.label}</span>
          <span className="block text-muted-foreground">
            {cycle.value === 'yearly' && discountPercent ? `Save ${discountPercent}%` : cycle.hint}
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
