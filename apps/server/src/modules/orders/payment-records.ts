import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, payments } from './schema.ts';
import { moveCredit } from '../credits/index.ts';
import { orderNumber } from './order-states.ts';
import { releasePromo } from './promo-claim.ts';

type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment attempt that will not complete (declined, challenge failed, order cancelled): it is
 * marked failed, which frees the order for another attempt, the credit it held goes back to
 * the organization's balance, and the promo code it held is free for the next order paid.
 */
export async function releasePayment(tx: Tx, payment: PaymentRow, reason: string) {
  await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: reason, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  await moveCredit(tx, {
    organizationId: payment.organizationId,
    kind: 'release',
    amountCents: payment.creditAmountCents,
    description: `Payment of order ${orderNumber(payment.orderId)} did not complete: ${reason}`,
    orderId: payment.orderId,
  });
  await tx.update(orders).set({ creditAppliedCents: 0 }).where(eq(orders.id, payment.orderId));
  await releasePromo(tx, payment.orderId);
}
