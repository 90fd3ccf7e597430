import { useId } from 'react';
import type { Tier } from '@alpenkube/contract';
import type { BillingCycle } from '@alpenkube/contract/pricing';
import { useMoney } from '@/components/pricing/use-money';
import { Checkbox } from '@/components/ui/checkbox';
import { haOffer, haSwitchable } from '@/lib/catalog/cluster-config-rules';

/** The HA control plane: a choice where the tier prices it, always on where it is included. */
export function HaField({
  tier,
  on,
  billingCycle,
  onChange,
  error,
}: {
  tier: Tier | undefined;
  on: boolean;
  billingCycle: BillingCycle;
  onChange: (on: boolean) => void;
  error?: string;
}) {
  const id = useId();
  const { money } = useMoney();
  const offer = haOffer(tier);
  const price =
    (billingCycle === 'yearly'
      ? tier?.haControlPlanePriceYearly
      : tier?.haControlPlanePriceMonthly) ?? 0;
  const hint =
    offer === 'none'
      ? `Not offered on ${tier?.name ?? 'this tier'}.`
      : offer === 'included'
        ? `Included in ${tier!.name}.`
        : `${money(price)} a ${billingCycle === 'yearly' ? 'year' : 'month'} extra, before the region's factor.`;
  return (
    <div className="space-y-2">
      <label className="flex items-start gap-3 text-sm">
        <Checkbox
          className="mt-0.5"
          checked={on}
          // Not offered: enabled only to untick what a link asked for.
          disabled={!haSwitchable(tier, on)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          <span className="font-medium">High-availability control plane</span>
          <span className="block text-muted-foreground" id={`${id}-hint`}>
            Control-plane replicas in three zones. {hint}
          </span>
        </span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
