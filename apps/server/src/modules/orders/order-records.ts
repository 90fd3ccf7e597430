import { and, asc, eq, gte, inArray, isNull, lt, lte, min, sql, type SQL } from 'drizzle-orm';
import { paidOrderStatuses, type OrderKind, type OrderStatus } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orderEvents, orders } from './schema.ts';

/** An order as stored: what the module that sells its kind reads of it. */
export type OrderRecord = typeof orders.$inferSelect;

/**
 * Which orders a module that sells a kind looks for: the kind, the statuses, and the columns
 * that say what the order is for. Each given field narrows the search.
 */
export interface OrderFilter {
  kind: OrderKind;
  statuses: readonly OrderStatus[];
  /** The organization's orders only: every request on behalf of one names it. */
  organizationId?: number;
  /** The cluster an add-on order installs on. */
  targetClusterId?: number;
  /** The product a plan change is for; `null`: an order for a new product. */
  productInstanceId?: number | null;
  /** The products plan changes are for, a page of them at once. */
  productInstanceIds?: readonly number[];
  /** The cluster name an open cluster order holds. */
  clusterName?: string;
  /** The name a product order gives its new product. */
  productName?: string;
}

/** The orders that match, oldest first; locked for the caller's transaction when asked. */
export async function findOrders(
  db: DbOrTx,
  filter: OrderFilter,
  options: { lock?: boolean; limit?: number } = {},
): Promise<OrderRecord[]> {
  const conditions: (SQL | undefined)[] = [
    eq(orders.kind, filter.kind),
    inArray(orders.status, [...filter.statuses]),
    filter.targetClusterId === undefined
      ? undefined
      : eq(orders.targetClusterId, filter.targetClusterId),
    filter.productInstanceId === undefined
      ? undefined
      : filter.productInstanceId === null
        ? isNull(orders.productInstanceId)
        : eq(orders.productInstanceId, filter.productInstanceId),
    filter.productInstanceIds === undefined
      ? undefined
      : inArray(orders.productInstanceId, [...filter.productInstanceIds]),
    filter.clusterName === undefined ? undefined : eq(orders.clusterName, filter.clusterName),
    filter.productName === undefined
      ? undefined
      : sql`${orders.productConfig}->>'name' = ${filter.productName}`,
  ];
  const where =
    filter.organizationId === undefined
      ? and(...conditions)
      : inOrganization(orders, filter.organizationId, ...conditions);
  const query = db.select().from(orders).where(where).orderBy(orders.id).$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  return options.lock ? query.for('update') : query;
}

/** One order, locked for the caller's transaction (a job that fulfils it, its end). */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRecord | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/** A line of an order's timeline at the status it has (a step of its fulfilment). */
export async function noteOrder(tx: Tx, orderId: number, status: OrderStatus, note: string) {
  await tx.insert(orderEvents).values({ orderId, status, note });
}

/** How many orders the organization has, of every kind and status (the sidebar's count). */
export async function countOrders(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inOrganization(orders, organizationId));
  return row?.count ?? 0;
}

/** One order by its id, whatever its organization (billing's reads of the order a subscription came from). */
export async function findOrder(db: DbOrTx, orderId: number): Promise<OrderRecord | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * The organization's paid orders (paid, being fulfilled, completed) paid from `start`
 * until before `until`, in the order they were paid: an invoice's order lines.
 */
export async function paidOrdersBetween(
  db: DbOrTx,
  organizationId: number,
  start: Date,
  until: Date,
) {
  return db
    .select({ id: orders.id, description: orders.description, amount: orders.totalCents })
    .from(orders)
    .where(
      inOrganization(
        orders,
        organizationId,
        inArray(orders.status, paidOrderStatuses),
        gte(orders.paidAt, start),
        lt(orders.paidAt, until),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id));
}

/** When the organization's first order still counted as paid was paid, before `until`. */
export async function firstOrderPaidAt(
  db: DbOrTx,
  organizationId: number,
  until: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(orders.paidAt) })
    .from(orders)
    .where(
      inOrganization(
        orders,
        organizationId,
        inArray(orders.status, paidOrderStatuses),
        lt(orders.paidAt, until),
      ),
    );
  return row?.at ?? null;
}

/**
 * What the organization paid for orders (cents) paid from `start` until before `end`, and no
 * later than `now`: the month's spend on orders so far.
 */
export async function paidOrderCents(
  db: DbOrTx,
  organizationId: number,
  period: { start: Date; end: Date; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(
      inOrganization(
        orders,
        organizationId,
        gte(orders.paidAt, period.start),
        lt(orders.paidAt, period.end),
        lte(orders.paidAt, period.now),
        inArray(orders.status, paidOrderStatuses),
      ),
    );
  return Number(row!.cents);
}
