import { and, eq, inArray } from 'drizzle-orm';
import { PROMO_CODE, PROMO_DISCOUNT_PERCENT } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { orderEvents, orders, payments, promoRedemptions } from './schema.ts';
import { dollars } from '../../lib/money.ts';
import { announceOrder } from './order-events.ts';
import { orderNumber } from './order-states.ts';
import { firstPaidOrder } from './promo-terms.ts';

type OrderRow = typeof orders.$inferSelect;

/** Why a payment with the promo code does not go ahead now. */
export type PromoRefusal = { message: string };

/**
 * The order loses the discount: it costs its subtotal from now on, its timeline says why, and
 * nothing is charged by this attempt, so the payer sees the new amount before paying it.
 */
async function withoutPromo(tx: Tx, order: OrderRow, firstPaid: number): Promise<PromoRefusal> {
  const amount = dollars(order.subtotalCents);
  await tx
    .update(orders)
    .set({
      promoCode: null,
      discountCents: 0,
      totalCents: order.subtotalCents,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  const rule = `the promo code ${PROMO_CODE} takes ${PROMO_DISCOUNT_PERCENT}% off an organization's first paid order only`;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: 'pending_payment',
    note: `Promo code ${PROMO_CODE} removed: order ${orderNumber(firstPaid)} was paid first. The order now costs ${amount}.`,
  });
  await announceOrder(tx, order.organizationId, order.id, 'pending_payment');
  return {
    message: `Order ${orderNumber(firstPaid)} was paid first, and ${rule}. This order now costs ${amount} without it; nothing was charged. Pay again to pay ${amount}.`,
  };
}

/**
 * An order showing the promo code takes it when its payment starts, in that transaction: the
 * organization's one `promo_redemptions` row (its primary key) goes to the first order paid,
 * so two orders paid at once cannot both have it. The row is given back if the payment does
 * not complete (`releasePayment`). An order paid after another one was is priced again
 * without the code; one whose code another payment holds right now waits for its outcome.
 * Null: the order holds the code and its payment goes ahead.
 */
export async function claimPromo(tx: Tx, order: OrderRow): Promise<PromoRefusal | null> {
  const { organizationId } = order;
  const firstPaid = await firstPaidOrder(tx, organizationId, order.id);
  if (firstPaid !== null) return withoutPromo(tx, order, firstPaid);
  const [claimed] = await tx
    .insert(promoRedemptions)
    .values({ organizationId, orderId: order.id, code: order.promoCode ?? PROMO_CODE })
    .onConflictDoNothing()
    .returning({ orderId: promoRedemptions.orderId });
  if (claimed) return null;
  const [holder] = await tx
    .select({ orderId: promoRedemptions.orderId, paidAt: orders.paidAt })
    .from(promoRedemptions)
    .innerJoin(orders, eq(orders.id, promoRedemptions.orderId))
    .where(eq(promoRedemptions.organizationId, organizationId))
    .for('update');
  if (!holder || holder.orderId === order.id) return null;
  if (holder.paidAt) return withoutPromo(tx, order, holder.orderId);
  const [live] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, holder.orderId),
        inArray(payments.status, ['processing', 'requires_action']),
      ),
    );
  if (live) {
    return {
      message: `The promo code ${PROMO_CODE} is held by the payment of order ${orderNumber(holder.orderId)}, under way: once it completes, this order is priced without the code; if it fails, the code is this order's. Try again in a minute.`,
    };
  }
  // Held by an order that is no longer being paid: the code is free for this one.
  await tx
    .update(promoRedemptions)
    .set({ orderId: order.id })
    .where(eq(promoRedemptions.organizationId, organizationId));
  return null;
}

/** A payment that will not complete gives the promo code back, for the next order paid. */
export async function releasePromo(tx: Tx, orderId: number) {
  await tx.delete(promoRedemptions).where(eq(promoRedemptions.orderId, orderId));
}
