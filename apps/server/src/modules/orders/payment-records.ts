import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, organizations, payments } from '../../db/schema.ts';

type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment attempt that will not complete (declined, challenge failed, order cancelled): it is
 * marked failed, which frees the order for another attempt, and the credit it held goes back
 * to the organization's balance.
 */
export async function releasePayment(tx: Tx, payment: PaymentRow, reason: string) {
  await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: reason, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  if (payment.creditAmountCents > 0) {
    await tx
      .update(organizations)
      .set({
        creditBalanceCents: sql`${organizations.creditBalanceCents} + ${payment.creditAmountCents}`,
      })
      .where(eq(organizations.id, payment.organizationId));
  }
  await tx.update(orders).set({ creditAppliedCents: 0 }).where(eq(orders.id, payment.orderId));
}
