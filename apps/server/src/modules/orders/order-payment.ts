import { and, eq } from 'drizzle-orm';
import type { Catalog, PayOrder, PayResult } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { orderEvents, orders, payments } from './schema.ts';
import { conflict, HttpError, invalidFields } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { createNotification } from '../notifications/index.ts';
import {
  cardOf,
  charge,
  type Attempt,
  type ChargeOutcome,
  type PaymentGateway,
  type PaymentMethodService,
} from '../payments/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { orderChargeTarget } from './order-charge-target.ts';
import { announceOrder } from './order-events.ts';
import type { OrderKindHandlers } from './order-kinds.ts';
import type { OrderService } from './order-service.ts';
import { assertOrderTransition, orderNumber } from './order-states.ts';
import { dollars } from '../../lib/money.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Paying an order through the platform's one charge protocol, on-session: the credit balance
 * first, then the payer's card, whose bank may ask the payer to confirm. Never twice: an order
 * has at most one live attempt, a second request carries it on with the same idempotency key,
 * and so does the next request after a crash between the protocol's two transactions.
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

  /** The same sequence for every kind: status, timeline, the kind's handler, notices, push. */
  async function fulfil(
    tx: Tx,
    order: OrderRow,
    attempt: Attempt,
    actor: SessionUser,
    catalog: Catalog,
  ) {
    assertOrderTransition(order, 'paid');
    const now = new Date();
    const card = await cardOf(tx, attempt.paymentMethodId);
    const paidWith = [
      attempt.creditApplied > 0 ? `${dollars(attempt.creditApplied)} from credit` : null,
      card ? `${dollars(attempt.cardAmount)} with ${card.brand} ending ${card.last4}` : null,
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

  /** One go at paying the order: a new attempt, or the one in flight carried on. */
  async function attempt(
    actor: SessionUser,
    orderId: number,
    input: PayOrder,
    client: ClientInfo,
  ): Promise<ChargeOutcome> {
    // Read before the transactions: an embedded database has one connection, which they hold.
    const card = await deps.paymentMethods.forPayment(actor.organizationId, input.paymentMethodId);
    const { value: catalog } = await deps.catalog.catalog();
    const target = orderChargeTarget({
      orderId,
      actor,
      client,
      fulfil: (tx, order, paid) => fulfil(tx, order, paid, actor, catalog),
    });
    return charge(db, gateway, target, {
      session: 'on',
      card,
      returnUrl: input.returnPath ?? `/payment-success?order=${orderId}`,
      noCard: invalidFields([
        { path: ['paymentMethodId'], message: 'Add a card to pay this order' },
      ]),
    });
  }

  return {
    async pay(
      actor: SessionUser,
      orderId: number,
      input: PayOrder,
      client: ClientInfo,
    ): Promise<PayResult> {
      const outcome = await attempt(actor, orderId, input, client);
      // Refusals are answered once what they wrote is committed: a decline's release frees the
      // order to be paid again, a promo refused leaves the order at its new price.
      if (outcome.status === 'refused') throw conflict(outcome.reason);
      if (outcome.status === 'failed') throw new HttpError(402, outcome.reason);
      const order = await deps.orders.get(actor.organizationId, orderId);
      if (outcome.status === 'requires_action') {
        return { status: 'requires_action', order, challengeUrl: outcome.challengeUrl };
      }
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
        const given = await gateway.cancelCharge(waiting.gatewayChargeId);
        // Carried on, the attempt finds the charge succeeded and fulfils the order.
        if (given.status === 'succeeded') await attempt(actor, orderId, {}, client);
      }
      return deps.orders.cancel(actor, orderId, client);
    },
  };
}
export type OrderPayments = ReturnType<typeof createOrderPayments>;
