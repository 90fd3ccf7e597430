import type { Tier } from '@alpenkube/contract';
import { useCurrency, yearlyDiscountPercent } from '@/lib/currency';
import { Badge } from '@/components/ui/badge';

/**
 * A tier's price in the display currency for the chosen cycle, with the other cycle and the
 * yearly discount beside it.
 */
export function TierPrice({ tier, size = 'lg' }: { tier: Tier; size?: 'lg' | 'md' }) {
  const { billingCycle, formatPriceFromCents } = useCurrency();
  const discount = yearlyDiscountPercent(tier.priceMonthly, tier.priceYearly);
  const yearly = billingCycle === 'yearly';
  const main = yearly ? tier.priceYearly : tier.priceMonthly;
  const other = yearly ? tier.priceMonthly : tier.priceYearly;
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span
          data-testid="tier-price"
          className={
            size === 'lg'
              ? 'text-4xl font-bold tracking-tight tabular-nums'
              : 'text-2xl font-bold tracking-tight tabular-nums'
          }
        >
          {formatPriceFromCents(main)}
        </span>
        <span className="text-sm text-muted-foreground">{yearly ? '/ year' : '/ month'}</span>
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span data-testid="tier-price-other" className="tabular-nums">
          {formatPriceFromCents(other)} {yearly ? 'billed monthly' : 'billed yearly'}
        </span>
        {discount > 0 && (
          <Badge variant="success" data-testid="tier-discount">
            Save {discount}% yearly
          </Badge>
        )}
      </p>
    </div>
  );
}

/** The control-plane and per-node prices that make up a tier's price, for the chosen cycle. */
export function TierPriceBreakdown({ tier }: { tier: Tier }) {
  const { billingCycle, formatPriceFromCents } = useCurrency();
  const yearly = billingCycle === 'yearly';
  const unit = yearly ? 'year' : 'month';
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums">
      <dt className="text-muted-foreground">Control plane</dt>
      <dd className="text-right font-medium">
        {formatPriceFromCents(
          yearly ? tier.controlPlanePriceYearly : tier.controlPlanePriceMonthly,
        )}{' '}
        / {unit}
      </dd>
      <dt className="text-muted-foreground">Per node</dt>
      <dd className="text-right font-medium">
        {formatPriceFromCents(yearly ? tier.nodePriceYearly : tier.nodePriceMonthly)} / {unit}
      </dd>
      <dt className="text-muted-foreground">Nodes</dt>
      <dd className="text-right font-medium">
        {tier.minNodes}–{tier.maxNodes}
      </dd>
    </dl>
  );
}
