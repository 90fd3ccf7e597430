import { and, eq, inArray } from 'drizzle-orm';
import { paidOrderStatuses } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orderEvents, orders, payments } from './schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { Attempt, ChargeTarget } from '../payments/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { announceOrder } from './order-events.ts';
import { assertOrderTransition, orderNumber } from './order-states.ts';
import { markPaymentFailed } from './payment-records.ts';
import { claimPromo } from './promo-claim.ts';

type OrderRow = typeof orders.$inferSelect;

export interface OrderCharge {
  orderId: number;
  actor: SessionUser;
  client: ClientInfo;
  /** What a paid order becomes, in the transaction that records the payment. */
  fulfil(tx: Tx, order: OrderRow, attempt: Attempt): Promise<void>;
}

/**
 * An order as the charge protocol sees it, paid by a person from its page. Each attempt is a
 * row of `payments` (`payment-<id>` is the idempotency key); a unique index lets an order have
 * one live attempt, which a second request carries on. A promo code is claimed when the first
 * attempt starts, and released when an attempt fails.
 */
export function orderChargeTarget({ orderId, actor, client, fulfil }: OrderCharge): ChargeTarget {
  const { organizationId } = actor;
  let paymentId = 0;
  const what = `order ${orderNumber(orderId)}`;
  const ledger = { organizationId, what, orderId, actorUserId: actor.id };
  const audit = (tx: Tx, outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    recordAudit(tx, {
      action: 'order.pay',
      outcome,
      actorUserId: actor.id,
      organizationId,
      targetType: 'order',
      targetId: orderId,
      ip: client.ip,
      userAgent: client.userAgent,
      details,
    });
  const event = (tx: Tx, note: string) =>
    tx.insert(orderEvents).values({ orderId, status: 'pending_payment', note });

  return {
    async begin(tx) {
      const [order] = await tx
        .select()
        .from(orders)
        .where(inOrganization(orders, organizationId, eq(orders.id, orderId)))
        .for('update');
      if (!order) throw notFound('Order not found');
      if ((paidOrderStatuses as readonly string[]).includes(order.status)) {
        return { kind: 'nothing', outcome: { status: 'paid' } };
      }
      assertOrderTransition(order, 'paid');
      const [live] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            inArray(payments.status, ['processing', 'requires_action']),
          ),
        );
      if (live) {
        paymentId = live.id;
        return {
          kind: 'resume',
          attempt: {
            idempotencyKey: `payment-${live.id}`,
            number: 0,
            creditApplied: live.creditAmountCents,
            cardAmount: live.cardAmountCents,
            paymentMethodId: live.paymentMethodId,
            gatewayChargeId: live.gatewayChargeId,
          },
          ledger,
        };
      }
      if (order.promoCode) {
        const refused = await claimPromo(tx, order);
        // Committed as it is (a new price, its timeline), and answered after the commit.
        if (refused)
          return { kind: 'nothing', outcome: { status: 'refused', reason: refused.message } };
      }
      return { kind: 'new', amountCents: order.totalCents, attempts: 0, ledger };
    },

    async started(tx, draft) {
      await tx
        .update(orders)
        .set({ creditAppliedCents: draft.creditApplied })
        .where(eq(orders.id, orderId));
      const [payment] = await tx
        .insert(payments)
        .values({
          organizationId,
          orderId,
          paymentMethodId: draft.paymentMethodId,
          cardAmountCents: draft.cardAmount,
          creditAmountCents: draft.creditApplied,
        })
        .returning({ id: payments.id });
      paymentId = payment!.id;
      return { ...draft, idempotencyKey: `payment-${paymentId}` };
    },

    async settling(tx) {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      // Another request for the same attempt got here first.
      if (payment!.status === 'succeeded') return { status: 'paid' };
      if (payment!.status === 'failed') {
        return { status: 'failed', reason: payment!.failureMessage ?? 'The payment failed.' };
      }
      return null;
    },

    async succeeded(tx, attempt, gatewayChargeId) {
      await tx
        .update(payments)
        .set({ status: 'succeeded', gatewayChargeId, updatedAt: new Date() })
        .where(eq(payments.id, paymentId));
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      await fulfil(tx, order!, attempt);
      await audit(tx, 'success', { card: attempt.cardAmount, credit: attempt.creditApplied });
    },

    async awaitingConfirmation(tx, _attempt, charge) {
      const [asked] = await tx
        .update(payments)
        .set({
          status: 'requires_action',
          gatewayChargeId: charge.id,
          challengeUrl: charge.challengeUrl,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')))
        .returning({ id: payments.id });
      if (asked) await event(tx, 'The card asks the payer to confirm the payment');
    },

    async failed(tx, _attempt, reason) {
      await markPaymentFailed(tx, { id: paymentId, orderId }, reason);
      await event(tx, `Payment declined: ${reason}`);
      await audit(tx, 'failure', { reason });
      await announceOrder(tx, organizationId, orderId, 'pending_payment');
    },
  };
}
