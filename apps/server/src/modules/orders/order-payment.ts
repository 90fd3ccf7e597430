import { and, eq, inArray } from 'drizzle-orm';
import {
  paidOrderStatuses,
  type Catalog,
  type PayOrder,
  type PayResult,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { paymentMethods } from '../payments/schema.ts';
import { orderEvents, orders, payments } from './schema.ts';
import { conflict, HttpError, invalidFields, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotification } from '../notifications/index.ts';
import { lockCreditBalance, moveCredit } from '../credits/index.ts';
import type { Charge, PaymentGateway, PaymentMethodService } from '../payments/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { announceOrder } from './order-events.ts';
import type { OrderKindHandlers } from './order-kinds.ts';
import type { OrderService } from './order-service.ts';
import { assertOrderTransition, orderNumber } from './order-states.ts';
import { dollars } from '../../lib/money.ts';
import { releasePayment } from './payment-records.ts';
import { claimPromo } from './promo-claim.ts';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * Paying an order: the credit balance first, then the card through the payment gateway.
 *
 * Never twice: an order has at most one live attempt (a unique index over its payments), a
 * second request finds that attempt and carries it on, and the gateway's idempotency key is the
 * attempt's id, so asking again is the same charge. The gateway is called between two short
 * transactions, never inside one, and an attempt cut off in between (a crash) is resumed by the
 * next request for the order.
 */
export function createOrderPayments(
  deps: Pick<Infrastructure, 'db'> & {
    catalog: CatalogService;
    orders: OrderService;
    paymentGateway: PaymentGateway;
    paymentMethods: PaymentMethodService;
    /** What each kind of order does once paid: given by the module that sells it. */
    kinds: OrderKindHandlers;
  },
) {
  const { db, paymentGateway: gateway } = deps;

  /** The attempt to carry on, or a new one holding the credit it takes; null once paid. */
  async function startAttempt(actor: SessionUser, orderId: number, paymentMethodId?: number) {
    const card = await deps.paymentMethods.forPayment(actor.organizationId, paymentMethodId);
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(inOrganization(orders, actor.organizationId, eq(orders.id, orderId)))
        .for('update');
      if (!order) throw notFound('Order not found');
      if ((paidOrderStatuses as readonly string[]).includes(order.status)) return null;
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
        const token = live.paymentMethodId
          ? (
              await tx
                .select({ token: paymentMethods.gatewayToken })
                .from(paymentMethods)
                .where(eq(paymentMethods.id, live.paymentMethodId))
            )[0]?.token
          : undefined;
        return { payment: live, token };
      }
      if (order.promoCode) {
        const refused = await claimPromo(tx, order);
        // Committed as it is (a new price, its timeline), and answered after the commit.
        if (refused) return refused;
      }

      const credit = await lockCreditBalance(tx, actor.organizationId);
      const creditAmount = Math.min(credit, order.totalCents);
      const cardAmount = order.totalCents - creditAmount;
      if (cardAmount > 0 && !card) {
        throw invalidFields([
          { path: ['paymentMethodId'], message: 'Add a card to pay this order' },
        ]);
      }
      await moveCredit(tx, {
        organizationId: actor.organizationId,
        kind: 'payment',
        amountCents: -creditAmount,
        description: `Paid towards order ${orderNumber(orderId)}`,
        orderId,
        actorUserId: actor.id,
      });
      await tx
        .update(orders)
        .set({ creditAppliedCents: creditAmount })
        .where(eq(orders.id, orderId));
      const [payment] = await tx
        .insert(payments)
        .values({
          organizationId: actor.organizationId,
          orderId,
          paymentMethodId: cardAmount > 0 ? card!.id : null,
          cardAmountCents: cardAmount,
          creditAmountCents: creditAmount,
        })
        .returning();
      return { payment: payment!, token: cardAmount > 0 ? card!.gatewayToken : undefined };
    });
  }

  async function chargeFor(payment: PaymentRow, token: string | undefined, returnPath: string) {
    if (payment.cardAmountCents === 0) return null;
    if (payment.gatewayChargeId) return gateway.retrieveCharge(payment.gatewayChargeId);
    if (!token) throw new HttpError(409, 'The card of this payment was removed: pay again.');
    return gateway.charge({
      token,
      amountCents: payment.cardAmountCents,
      idempotencyKey: `payment-${payment.id}`,
      returnUrl: returnPath,
    });
  }

  async function fulfil(
    tx: Tx,
    order: OrderRow,
    payment: PaymentRow,
    actor: SessionUser,
    catalog: Catalog,
  ) {
    assertOrderTransition(order, 'paid');
    const now = new Date();
    const [card] = payment.paymentMethodId
      ? await tx
          .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
          .from(paymentMethods)
          .where(eq(paymentMethods.id, payment.paymentMethodId))
      : [];
    const paidWith = [
      payment.creditAmountCents > 0 ? `${dollars(payment.creditAmountCents)} from credit` : null,
      card ? `${dollars(payment.cardAmountCents)} with ${card.brand} ending ${card.last4}` : null,
    ].filter(Boolean);
    const paidNote = `Paid ${paidWith.join(' and ') || '$0.00'}`;

    await tx
      .update(orders)
      .set({ status: 'fulfilling', paidAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({ orderId: order.id, status: 'paid', note: paidNote });
    const outcome = await deps.kinds[order.kind].paid(tx, order, { now, catalog });
    // The kind's module refused it (priced on terms that changed, a name taken since) and
    // refunded it: its timeline and notice already say so.
    if (outcome.status === 'failed') return;
    if (outcome.status === 'completed') {
      await tx
        .update(orders)
        .set({ status: 'completed', updatedAt: now })
        .where(eq(orders.id, order.id));
    }
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, status: outcome.status, note: outcome.note });
    const message = `Order ${orderNumber(order.id)} is paid: ${outcome.summary ?? outcome.note}.`;
    for (const userId of new Set([order.userId ?? actor.id, actor.id])) {
      await createNotification(tx, userId, 'success', message);
    }
    await announceOrder(tx, order.organizationId, order.id, outcome.status);
  }

  /** Records what the gateway said; answers what the payer sees. */
  async function settle(
    attempt: PaymentRow,
    charge: Charge | null,
    actor: SessionUser,
    client: ClientInfo,
  ): Promise<{ status: 'paid' | 'requires_action'; challengeUrl: string | null } | string> {
    // Read before the transaction: an embedded database has one connection, which it holds.
    const { value: catalog } = await deps.catalog.catalog();
    return db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, attempt.id))
        .for('update');
      // Another request for the same attempt got here first.
      if (payment!.status === 'succeeded') return { status: 'paid', challengeUrl: null };
      if (payment!.status === 'failed') return payment!.failureMessage ?? 'The payment failed.';
      const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
      const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
        recordAudit(tx, {
          action: 'order.pay',
          outcome,
          actorUserId: actor.id,
          organizationId: actor.organizationId,
          targetType: 'order',
          targetId: attempt.orderId,
          ip: client.ip,
          userAgent: client.userAgent,
          details,
        });

      if (!charge || charge.status === 'succeeded') {
        await tx
          .update(payments)
          .set({ status: 'succeeded', gatewayChargeId: charge?.id ?? null, updatedAt: new Date() })
          .where(eq(payments.id, attempt.id));
        await fulfil(tx, order!, payment!, actor, catalog);
        await audit('success', {
          card: payment!.cardAmountCents,
          credit: payment!.creditAmountCents,
        });
        return { status: 'paid', challengeUrl: null };
      }
      if (charge.status === 'requires_action') {
        if (payment!.status !== 'requires_action') {
          await tx
            .update(payments)
            .set({
              status: 'requires_action',
              gatewayChargeId: charge.id,
              challengeUrl: charge.challengeUrl,
              updatedAt: new Date(),
            })
            .where(eq(payments.id, attempt.id));
          await tx.insert(orderEvents).values({
            orderId: attempt.orderId,
            status: 'pending_payment',
            note: 'The card asks the payer to confirm the payment',
          });
        }
        return { status: 'requires_action', challengeUrl: charge.challengeUrl };
      }
      const reason = charge.declineMessage ?? 'The payment was not completed.';
      await releasePayment(tx, payment!, reason);
      await tx.insert(orderEvents).values({
        orderId: attempt.orderId,
        status: 'pending_payment',
        note: `Payment declined: ${reason}`,
      });
      await audit('failure', { reason });
      await announceOrder(tx, actor.organizationId, attempt.orderId, 'pending_payment');
      return reason;
    });
  }

  return {
    async pay(
      actor: SessionUser,
      orderId: number,
      input: PayOrder,
      client: ClientInfo,
    ): Promise<PayResult> {
      const attempt = await startAttempt(actor, orderId, input.paymentMethodId);
      if (attempt && 'message' in attempt) throw conflict(attempt.message);
      if (attempt) {
        const returnPath = input.returnPath ?? `/payment-success?order=${orderId}`;
        const charge = await chargeFor(attempt.payment, attempt.token, returnPath);
        const outcome = await settle(attempt.payment, charge, actor, client);
        // A decline is answered once its release is committed: the order can be paid again.
        if (typeof outcome === 'string') throw new HttpError(402, outcome);
        const order = await deps.orders.get(actor.organizationId, orderId);
        return { status: outcome.status, order, challengeUrl: outcome.challengeUrl };
      }
      const order = await deps.orders.get(actor.organizationId, orderId);
      return { status: 'paid', order, challengeUrl: null };
    },

    /**
     * Cancels an unpaid order. A challenge still open at the gateway is given up there first:
     * if the payer completed it in the meantime, the order is paid instead and stays so.
     */
    async cancel(actor: SessionUser, orderId: number, client: ClientInfo) {
      const [waiting] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.organizationId, actor.organizationId),
            eq(payments.status, 'requires_action'),
          ),
        );
      if (waiting?.gatewayChargeId) {
        const charge = await gateway.cancelCharge(waiting.gatewayChargeId);
        if (charge.status === 'succeeded') await settle(waiting, charge, actor, client);
      }
      return deps.orders.cancel(actor, orderId, client);
    },
  };
}
export type OrderPayments = ReturnType<typeof createOrderPayments>;
