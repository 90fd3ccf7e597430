import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  catalogIssues,
  PROMO_CODE,
  PROMO_DISCOUNT_PERCENT,
  priceCluster,
  promoDiscount,
  type Catalog,
  type CreateClusterOrder,
  type Order,
  ORDER_PAGE_SIZE,
  type OrderListQuery,
  type OrderSummary,
} from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusters } from '../clusters/schema.ts';
import { paymentMethods } from '../payments/schema.ts';
import { productInstances } from '../products/schema.ts';
import { orderEvents, orders, payments, promoRedemptions } from './schema.ts';
import { conflict, HttpError, invalidFields, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { assertOrderTransition } from './order-states.ts';
import { announceOrder } from './order-events.ts';
import { releasePayment } from './payment-records.ts';
import { toOrder, toOrderSummary } from './order-view.ts';
import { insertOrder, type OrderingGuard } from './order-placement.ts';
import { orderPlacedWith } from './order-replay.ts';
import {
  placeProductOrder,
  type ProductOrderInput,
  type ProductOrderOptions,
} from './product-orders.ts';

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

const nameTaken = (name: string, by: 'cluster' | 'order') =>
  new HttpError(
    409,
    by === 'cluster'
      ? `Your organization already has a cluster named ${name}: choose another name.`
      : `An open order of your organization already claims the name ${name}: choose another name.`,
    {},
    [{ path: ['cluster', 'name'], message: `The name ${name} is taken` }],
  );

function describeCluster(config: CreateClusterOrder['cluster'], catalog: Catalog): string {
  const tier = catalog.tiers.find((candidate) => candidate.slug === config.tier);
  const tierName = (tier?.name ?? config.tier).replace(/\s*\([^)]*\)\s*$/, '');
  const nodes = config.nodePools.reduce((sum, pool) => sum + pool.count, 0);
  return `Cluster ${config.name}: ${tierName}, ${nodes} node${nodes === 1 ? '' : 's'}`;
}

/** The only code it takes, whatever the case or spacing it was typed in. */
function readPromoCode(code: string | undefined): string | null {
  if (!code) return null;
  if (code.trim().toUpperCase() === PROMO_CODE) return PROMO_CODE;
  throw invalidFields([{ path: ['promoCode'], message: 'This promo code is not valid' }]);
}

/** Orders of an organization: placed with prices the server computes, listed, shown, cancelled. */
export function createOrderService(
  deps: Pick<Infrastructure, 'db'> & {
    catalog: CatalogService;
    /** Billing's: it owns the suspension of ordering for overdue renewals. */
    assertOrderingAllowed: OrderingGuard;
  },
) {
  const { db, assertOrderingAllowed } = deps;

  async function loadOrder(tx: DbOrTx, organizationId: number, id: number): Promise<Order> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(inOrganization(orders, organizationId, eq(orders.id, id)));
    if (!row) throw notFound('Order not found');
    const [events, [payment], [cluster], [product]] = await Promise.all([
      tx.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
      tx
        .select({ payment: payments, brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(payments)
        .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
        .where(eq(payments.orderId, id))
        .orderBy(desc(payments.id))
        .limit(1),
      tx.select({ id: clusters.id }).from(clusters).where(eq(clusters.orderId, id)),
      tx
        .select({ id: productInstances.id })
        .from(productInstances)
        .where(eq(productInstances.orderId, id)),
    ]);
    return toOrder(
      row,
      events,
      payment ? { ...payment.payment, brand: payment.brand, last4: payment.last4 } : null,
      cluster?.id ?? null,
      product?.id ?? null,
    );
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

  /** The order an Idempotency-Key already placed, if the same request placed it. */
  async function replayed(organizationId: number, key: string, digest: string) {
    const prior = await orderPlacedWith(db, organizationId, key, digest);
    return prior === null ? null : loadOrder(db, organizationId, prior);
  }

  return {
    get: (organizationId: number, id: number) => loadOrder(db, organizationId, id),

    /** The order an Idempotency-Key placed with the same request (a 409 for another request). */
    replayed,

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
     * Prices the configuration again (a price the client sends is never read) and writes the
     * order, waiting for payment. The same Idempotency-Key with the same request answers the
     * order it placed; `replayed` says so.
     */
    async create(
      actor: SessionUser,
      input: CreateClusterOrder,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> {
      const { organizationId } = actor;
      const digest = createHash('sha256').update(JSON.stringify(input)).digest('hex');
      const prior = await replayed(organizationId, idempotencyKey, digest);
      if (prior) return { order: prior, replayed: true };
      await assertOrderingAllowed(db, organizationId);

      const { value: catalog } = await deps.catalog.catalog();
      const config = { ...input.cluster, billingCycle: input.billingCycle };
      const issues = catalogIssues(config, catalog);
      if (issues.length) {
        throw invalidFields(
          issues.map((issue) => ({ ...issue, path: ['cluster', ...issue.path] })),
        );
      }
      const promoCode = readPromoCode(input.promoCode);
      const quote = priceCluster(config, catalog);
      const discount = promoCode ? promoDiscount(quote.total) : 0;
      const { name } = input.cluster;

      try {
        const id = await db.transaction(async (tx) => {
          const [clusterWithName] = await tx
            .select({ id: clusters.id })
            .from(clusters)
            .where(
              inOrganization(
                clusters,
                organizationId,
                eq(clusters.name, name),
                ne(clusters.status, 'deleted'),
              ),
            )
            .limit(1);
          if (clusterWithName) throw nameTaken(name, 'cluster');
          // Any number of unpaid orders may show the code: the first one paid takes it.
          if (promoCode) {
            const [paid] = await tx
              .select({ id: orders.id })
              .from(orders)
              .where(inOrganization(orders, organizationId, isNotNull(orders.paidAt)))
              .limit(1);
            if (paid) {
              const message = `The promo code ${PROMO_CODE} takes ${PROMO_DISCOUNT_PERCENT}% off an organization's first order only, and yours has ordered before.`;
              throw new HttpError(409, message, {}, [{ path: ['promoCode'], message }]);
            }
          }
          return insertOrder(
            tx,
            actor,
            {
              row: {
                kind: 'cluster',
                description: describeCluster(input.cluster, catalog),
                lines: quote.lines,
                billingCycle: input.billingCycle,
                clusterConfig: config,
                clusterName: name,
                subtotalCents: quote.total,
                discountCents: discount,
                totalCents: quote.total - discount,
                promoCode,
                idempotencyKey,
                requestDigest: digest,
              },
              audit: { kind: 'cluster', total: quote.total - discount, promo: Boolean(promoCode) },
            },
            client,
          );
        });
        return { order: await loadOrder(db, organizationId, id), replayed: false };
      } catch (error) {
        const violated = uniqueViolation(error)?.constraint;
        if (violated === 'orders_idempotency_key') {
          // Two requests with one key raced: the other placed the order.
          const winner = await replayed(organizationId, idempotencyKey, digest);
          if (winner) return { order: winner, replayed: true };
        }
        if (violated === 'orders_open_cluster_name_key') throw nameTaken(name, 'order');
        throw error;
      }
    },

    /** Places a product's order (see `placeProductOrder`), refused while ordering is suspended. */
    placeProduct: (
      actor: SessionUser,
      input: ProductOrderInput,
      client: ClientInfo,
      options?: ProductOrderOptions,
    ) => placeProductOrder(db, assertOrderingAllowed, actor, input, client, options),

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
