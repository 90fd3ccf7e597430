import { and, eq, inArray } from 'drizzle-orm';
import { openOrderStatuses, type PriceLine } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orderEvents, orders } from './schema.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { insertOrder } from './order-placement.ts';

type OrderRow = typeof orders.$inferSelect;

/** The add-on an order of kind `addon` installs: its one line's slug. */
export const addonOfOrder = (order: Pick<OrderRow, 'lines'>): string | null =>
  order.lines.find((line) => line.kind === 'addon')?.ref ?? null;

/** The organization's open order (unpaid, paid or being fulfilled) for this add-on on this cluster. */
export async function openAddonOrder(
  db: DbOrTx,
  organizationId: number,
  clusterId: number,
  slug: string,
): Promise<number | null> {
  const open = await db
    .select({ id: orders.id, lines: orders.lines })
    .from(orders)
    .where(
      inOrganization(
        orders,
        organizationId,
        eq(orders.kind, 'addon'),
        eq(orders.targetClusterId, clusterId),
        inArray(orders.status, [...openOrderStatuses]),
      ),
    );
  return open.find((order) => addonOfOrder(order) === slug)?.id ?? null;
}

/** The add-on orders being fulfilled on a cluster (paid, waiting for their installation). */
export async function fulfillingAddonOrders(tx: Tx, clusterId: number) {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.kind, 'addon'),
        eq(orders.targetClusterId, clusterId),
        eq(orders.status, 'fulfilling'),
      ),
    )
    .for('update');
}

/** An add-on order, locked, for the job that installs what it bought. */
export async function lockAddonOrder(tx: Tx, orderId: number) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.kind, 'addon')))
    .for('update');
  return order ?? null;
}

/** A line for the timeline of an add-on order that is being fulfilled. */
export async function noteAddonOrder(tx: Tx, orderId: number, note: string) {
  await tx.insert(orderEvents).values({ orderId, status: 'fulfilling', note });
}

/**
 * Writes an order of kind `addon` waiting for payment, in the caller's transaction (which holds
 * the cluster's lock, so two requests cannot both pass the open-order check). The line is what
 * is charged: the add-on's price prorated to what is left of the cluster's period.
 */
export async function placeAddonOrder(
  tx: Tx,
  actor: SessionUser,
  input: {
    clusterId: number;
    description: string;
    line: PriceLine;
    billingCycle: 'monthly' | 'yearly';
    idempotencyKey: string;
    requestDigest: string;
  },
  client: ClientInfo,
): Promise<number> {
  const total = input.billingCycle === 'yearly' ? input.line.yearly : input.line.monthly;
  return insertOrder(
    tx,
    actor,
    {
      row: {
        kind: 'addon',
        description: input.description,
        lines: [input.line],
        billingCycle: input.billingCycle,
        targetClusterId: input.clusterId,
        subtotalCents: total,
        totalCents: total,
        idempotencyKey: input.idempotencyKey,
        requestDigest: input.requestDigest,
      },
      audit: { kind: 'addon', addon: input.line.ref, cluster: input.clusterId, total },
    },
    client,
  );
}
