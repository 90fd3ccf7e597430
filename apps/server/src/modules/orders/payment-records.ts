import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, payments } from './schema.ts';
import { moveCredit } from '../credits/index.ts';
import { orderNumber } from './order-states.ts';
import { releasePromo } from './promo-claim.ts';

type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment attempt that will not complete, once the credit it held is back: it is marked
 * failed, which frees the order for another attempt, and the promo code it held is free for
 * the next order paid.
 */
export async function markPaymentFailed(
  tx: Tx,
  payment: Pick<PaymentRow, 'id' | 'orderId'>,
  reason: string,
) {
  await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: reason, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  await tx.update(orders).set({ creditAppliedCents: 0 }).where(eq(orders.id, payment.orderId));
  await releasePromo(tx, payment.orderId);
}

/**
 * A payment attempt given up outside the charge protocol (its order cancelled while the
 * gateway's challenge was open): the credit it held goes back to the organization's balance.
 */
export async function releasePayment(tx: Tx, payment: PaymentRow, reason: string) {
  await moveCredit(tx, {
    organizationId: payment.organizationId,
    kind: 'release',
    amountCents: payment.creditAmountCents,
    description: `Payment of order ${orderNumber(payment.orderId)} did not complete: ${reason}`,
    orderId: payment.orderId,
  });
  await markPaymentFailed(tx, payment, reason);
}
