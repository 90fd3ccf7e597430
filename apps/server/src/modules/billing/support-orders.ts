import type { PriceLine, SupportPlan } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { insertOrder } from '../orders/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';

/**
 * Writes an order of kind `support` for a plan of the catalog, priced by its monthly or yearly
 * price (less the promo code's discount, if typed), in the caller's transaction. A free plan's order is `completed` at once,
 * with nothing to pay; a paid one waits for payment like any order, and its payment applies it.
 */
export async function placeSupportOrder(
  tx: Tx,
  actor: SessionUser,
  input: {
    plan: SupportPlan;
    billingCycle: 'monthly' | 'yearly';
    free: boolean;
    idempotencyKey: string;
    requestDigest: string;
    promoCode?: string;
  },
  client: ClientInfo,
): Promise<number> {
  const { plan, billingCycle } = input;
  const line: PriceLine = {
    kind: 'support',
    ref: plan.slug,
    description: `Support: ${plan.name}`,
    quantity: 1,
    unitMonthly: plan.priceMonthly,
    unitYearly: plan.priceYearly,
    monthly: plan.priceMonthly,
    yearly: plan.priceYearly,
  };
  const total = input.free ? 0 : billingCycle === 'yearly' ? plan.priceYearly : plan.priceMonthly;
  return insertOrder(
    tx,
    actor,
    {
      row: {
        kind: 'support',
        description: `Support plan ${plan.name}, ${billingCycle}`,
        lines: [line],
        billingCycle,
        subtotalCents: total,
        idempotencyKey: input.idempotencyKey,
        requestDigest: input.requestDigest,
      },
      audit: { kind: 'support', plan: plan.slug, billingCycle },
      promoCode: input.promoCode,
      ...(input.free
        ? {
            completedAtOnce: {
              paidNote: 'Nothing to pay: the plan is free',
              completedNote: `Support plan ${plan.name} applied`,
            },
          }
        : {}),
    },
    client,
  );
}
