import { openOrderStatuses, type PriceLine } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  createOrderFulfilment,
  findOrders,
  insertOrder,
  lockOrder,
  type OrderRecord,
} from '../orders/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';

/** The add-on an order of kind `addon` installs: its one line's slug. */
export const addonOfOrder = (order: Pick<OrderRecord, 'lines'>): string | null =>
  order.lines.find((line) => line.kind === 'addon')?.ref ?? null;

/** The organization's open order (unpaid, paid or being fulfilled) for this add-on on this cluster. */
export async function openAddonOrder(
  db: DbOrTx,
  organizationId: number,
  clusterId: number,
  slug: string,
): Promise<number | null> {
  const open = await findOrders(db, {
    kind: 'addon',
    statuses: openOrderStatuses,
    organizationId,
    targetClusterId: clusterId,
  });
  return open.find((order) => addonOfOrder(order) === slug)?.id ?? null;
}

/** An add-on order, locked, for the job that installs what it bought. */
export async function lockAddonOrder(tx: Tx, orderId: number) {
  const order = await lockOrder(tx, orderId);
  return order?.kind === 'addon' ? order : null;
}

/**
 * An add-on's installation on a cluster ended, in the transaction that finishes it: the add-on
 * order waiting on it is completed, or failed with what it paid returned as credit (answered,
 * in cents; 0 when no order waited on it). The clusters module is given it as an order hook.
 */
export async function settleAddonOrder(
  tx: Tx,
  clusterId: number,
  slug: string,
  failure: string | null,
): Promise<number> {
  const waiting = await findOrders(
    tx,
    { kind: 'addon', statuses: ['fulfilling'], targetClusterId: clusterId },
    { lock: true },
  );
  const order = waiting.find((candidate) => addonOfOrder(candidate) === slug);
  if (!order) return 0;
  const fulfilment = createOrderFulfilment();
  if (failure) return fulfilment.failed(tx, order.id, failure);
  await fulfilment.completed(
    tx,
    order.id,
    `${order.description.replace(/^Add-on /, '')}: installed`,
  );
  return 0;
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
    promoCode?: string;
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
        idempotencyKey: input.idempotencyKey,
        requestDigest: input.requestDigest,
      },
      audit: { kind: 'addon', addon: input.line.ref, cluster: input.clusterId },
      promoCode: input.promoCode,
    },
    client,
  );
}
