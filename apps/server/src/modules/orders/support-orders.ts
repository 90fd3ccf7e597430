import { eq } from 'drizzle-orm';
import type { PriceLine, SupportPlan } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orderEvents, orders, organizations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { announceOrder } from './order-events.ts';

/**
 * An organization whose renewal stayed unpaid after its last retry orders nothing new (402),
 * told what is overdue (billing writes the reason when it suspends ordering).
 */
export async function assertOrderingAllowed(db: DbOrTx, organizationId: number) {
  const [organization] = await db
    .select({
      since: organizations.orderingSuspendedAt,
      reason: organizations.orderingSuspendedReason,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (organization?.since) {
    throw new HttpError(
      402,
      `New orders are suspended until your overdue renewals are paid. ${organization.reason ?? ''} Pay from Billing to order again.`.replace(
        /\s+/g,
        ' ',
      ),
    );
  }
}

/**
 * Writes an order of kind `support` for a plan of the catalog, priced by its monthly or yearly
 * price (no promo code), in the caller's transaction. A free plan's order is `completed` at once,
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
  const now = new Date();
  const [order] = await tx
    .insert(orders)
    .values({
      organizationId: actor.organizationId,
      userId: actor.id,
      kind: 'support',
      description: `Support plan ${plan.name}, ${billingCycle}`,
      lines: [line],
      billingCycle,
      subtotalCents: total,
      totalCents: total,
      idempotencyKey: input.idempotencyKey,
      requestDigest: input.requestDigest,
      ...(input.free ? { status: 'completed' as const, paidAt: now } : {}),
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await tx.insert(orderEvents).values([
    { orderId, status: 'pending_payment', note: 'Order placed' },
    ...(input.free
      ? [
          { orderId, status: 'paid' as const, note: 'Nothing to pay: the plan is free' },
          { orderId, status: 'completed' as const, note: `Support plan ${plan.name} applied` },
        ]
      : []),
  ]);
  await recordAudit(tx, {
    action: 'order.create',
    outcome: 'success',
    actorUserId: actor.id,
    organizationId: actor.organizationId,
    targetType: 'order',
    targetId: orderId,
    ip: client.ip,
    userAgent: client.userAgent,
    details: { kind: 'support', plan: plan.slug, billingCycle, total },
  });
  await announceOrder(
    tx,
    actor.organizationId,
    orderId,
    input.free ? 'completed' : 'pending_payment',
  );
  return orderId;
}
