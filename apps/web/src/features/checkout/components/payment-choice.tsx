import { CreditCard } from 'lucide-react';
import type { PaymentMethod } from '@alpenkube/contract/payments';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export type CardChoice = number | 'new';

function Option({
  checked,
  onSelect,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:border-primary/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary bg-primary/5 ring-1 ring-primary',
      )}
    >
      <input
        type="radio"
        name="payment-card"
        checked={checked}
        onChange={onSelect}
        className="size-4 shrink-0 accent-[var(--primary)]"
      />
      {children}
    </label>
  );
}

/** The saved cards, and a new card, to pay with. */
export function PaymentChoice({
  methods,
  choice,
  onChange,
}: {
  methods: PaymentMethod[];
  choice: CardChoice;
  onChange: (choice: CardChoice) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold">Pay with</legend>
      {methods.map((method) => (
        <Option key={method.id} checked={choice === method.id} onSelect={() => onChange(method.id)}>
          <CreditCard className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-medium">
              {method.brand} ending {method.last4}
            </span>
            <span className="text-muted-foreground">
              expires {String(method.expMonth).padStart(2, '0')}/{method.expYear}
            </span>
            {method.isDefault ? <Badge variant="secondary">Default</Badge> : null}
          </span>
        </Option>
      ))}
      <Option checked={choice === 'new'} onSelect={() => onChange('new')}>
        <span className="text-sm font-medium">A new card</span>
      </Option>
    </fieldset>
  );
}
