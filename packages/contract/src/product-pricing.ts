/**
 * Prices of marketplace products, next to the cluster price engine: a plan's flat price for a
 * cycle as an order line, and what a plan change costs or gives back until the period ends.
 */
import { proratedCharge, proratedCredit, type BillingCycle, type PriceLine } from './pricing.ts';

export interface PricedProductPlan {
  slug: string;
  name: string;
  priceMonthly: number;
  priceYearly: number;
}

export function productPlanPrice(plan: PricedProductPlan, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.priceYearly : plan.priceMonthly;
}

/** The order of a product: one line, the plan, and what the chosen cycle charges. */
export function priceProduct(
  product: { slug: string; name: string },
  plan: PricedProductPlan,
  cycle: BillingCycle,
): { lines: PriceLine[]; total: number } {
  const line: PriceLine = {
    kind: 'product',
    ref: `${product.slug}:${plan.slug}`,
    description: `${product.name}, ${plan.name}`,
    quantity: 1,
    unitMonthly: plan.priceMonthly,
    unitYearly: plan.priceYearly,
    monthly: plan.priceMonthly,
    yearly: plan.priceYearly,
  };
  return { lines: [line], total: productPlanPrice(plan, cycle) };
}

/**
 * A plan change within a paid period: the difference of the two period prices for the whole
 * hours left. An upgrade `charge`s it rounded half up (as an add-on joining a period), a
 * downgrade `credit`s it rounded down (as every credit), so that changing and cancelling at once
 * never gives back more than was paid; a period with no hours left changes nothing.
 */
export function priceProductPlanChange(input: {
  fromPeriodPrice: number;
  toPeriodPrice: number;
  hoursLeft: number;
  periodHours: number;
}): { charge: number; credit: number } {
  const difference = input.toPeriodPrice - input.fromPeriodPrice;
  return difference >= 0
    ? { charge: proratedCharge(difference, input.hoursLeft, input.periodHours), credit: 0 }
    : { charge: 0, credit: proratedCredit(-difference, input.hoursLeft, input.periodHours) };
}
