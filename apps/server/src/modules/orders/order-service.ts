import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Order,
  ORDER_PAGE_SIZE,
  type OrderListQuery,
  type OrderSummary,
  PROMO_CODE,
  PROMO_DISCOUNT_PERCENT,
  type PromoStanding,
} from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orderEvents, orders, payments, promoRedemptions } from './schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { recordAudit } from '../audit/index.ts';
import { cardOf } from '../payments/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { assertOrderTransition } from './order-states.ts';
import { announceOrder } from './order-events.ts';
import type { OrderMadeReaders } from './order-kinds.ts';
import { releasePayment } from './payment-records.ts';
import { toOrder, toOrderSummary } from './order-view.ts';
import { promoAvailable } from './promo-terms.ts';

const summaryColumns = {
  id: orders.id,
  kind: orders.kind,
  status: orders.status,
  description: orders.description,
  billingCycle: orders.billingCycle,
  totalCents: orders.totalCents,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

/**
 * Orders of an organization, whatever they bought: listed, shown, cancelled. The modules that
 * sell each kind place them (`insertOrder`) and answer them with `get`.
 */
export function createOrderService(
  deps: Pick<Infrastructure, 'db'> & {
    /** What each kind's order made, read by the module that sells the kind. */
    made: OrderMadeReaders;
  },
) {
  const { db } = deps;

  async function loadOrder(tx: DbOrTx, organizationId: number, id: number): Promise<Order> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(inOrganization(orders, organizationId, eq(orders.id, id)));
    if (!row) throw notFound('Order not found');
    const [events, [payment], made] = await Promise.all([
      tx.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
      tx
        .select()
        .from(payments)
        .where(eq(payments.orderId, id))
        .orderBy(desc(payments.id))
        .limit(1),
      deps.made[row.kind]?.(tx, id) ?? {},
    ]);
    const card = payment ? await cardOf(tx, payment.paymentMethodId) : null;
    return toOrder(row, events, payment ? { ...payment, card } : null, made);
  }

  // Lists are what clients poll: one statement, built and planned once, whatever the filters.
  // A filter left out is null and matches every row. Ids grow with time: newest first is the
  // highest id first, and a page's last id is where the next page starts.
  const param = (name: string) => sql.placeholder(name);
  const listQuery = db
    .select(summaryColumns)
    .from(orders)
    .where(
      and(
        // The organization's scope, as `inOrganization` gives it, with its id a parameter.
        eq(orders.organizationId, param('organizationId')),
        sql`(${param('kind')}::text is null or ${orders.kind} = ${param('kind')})`,
        sql`(${param('status')}::text is null or ${orders.status} = ${param('status')})`,
        sql`(${param('before')}::int is null or ${orders.id} < ${param('before')})`,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(param('limit'))
    .prepare('orders_list');

  return {
    get: (organizationId: number, id: number) => loadOrder(db, organizationId, id),

    /** Whether the banner's code is still the organization's: the banner hides once it is not. */
    async promo(organizationId: number): Promise<PromoStanding> {
      return {
        code: PROMO_CODE,
        percent: PROMO_DISCOUNT_PERCENT,
        available: await promoAvailable(db, organizationId),
      };
    },

    async list(organizationId: number, query: OrderListQuery): Promise<OrderSummary[]> {
      const rows = await listQuery.execute({
        organizationId,
        kind: query.kind ?? null,
        status: query.status ?? null,
        before: query.before ?? null,
        limit: query.limit ?? ORDER_PAGE_SIZE,
      });
      return rows.map(toOrderSummary);
    },

    /**
     * Only an unpaid order; a promo code it held is free again. A challenge still open at the
     * gateway must be given up first (`OrderPayments.cancel` does).
     */
    async cancel(actor: SessionUser, id: number, client: ClientInfo): Promise<Order> {
      const { organizationId } = actor;
      await db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(inOrganization(orders, organizationId, eq(orders.id, id)))
          .for('update');
        if (!order) throw notFound('Order not found');
        assertOrderTransition(order, 'cancelled');
        const [live] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.orderId, id),
              inArray(payments.status, ['processing', 'requires_action']),
            ),
          );
        if (live?.status === 'processing') {
          throw conflict('A payment of this order is in progress: wait a moment and try again.');
        }
        if (live) {
          // The caller gave up the gateway's challenge first; the credit it held comes back.
          await releasePayment(tx, live, 'Cancelled with the order');
        }
        await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(eq(orders.id, id));
        await tx.delete(promoRedemptions).where(eq(promoRedemptions.orderId, id));
        await tx
          .insert(orderEvents)
          .values({ orderId: id, status: 'cancelled', note: 'Cancelled before payment' });
        await recordAudit(tx, {
          action: 'order.cancel',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId,
          targetType: 'order',
          targetId: id,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        await announceOrder(tx, organizationId, id, 'cancelled');
      });
      return loadOrder(db, organizationId, id);
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
