import { openOrderStatuses, type OrderKind } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { createOrderFulfilment, findOrders, type OrderRecord } from '../orders/index.ts';
import { clusterSubscription } from './addon-billing.ts';

/**
 * The orders of a paid change on a running cluster, by what they are for: a kind of order
 * targeting the cluster it changes, and, where a kind sells several things on one cluster (one
 * add-on or another), which of its orders is meant.
 */
export interface PaidChangeOrders {
  kind: OrderKind;
  clusterId: number;
  /** Whether the order is for the thing meant; every order of the kind when not given. */
  matches?: (order: OrderRecord) => boolean;
}

const meant = (which: PaidChangeOrders) => (order: OrderRecord) => which.matches?.(order) ?? true;

/** The organization's open order (unpaid, paid or being fulfilled) for the change, if any. */
export async function openPaidChangeOrder(
  db: DbOrTx,
  organizationId: number,
  which: PaidChangeOrders,
): Promise<number | null> {
  const open = await findOrders(db, {
    kind: which.kind,
    statuses: openOrderStatuses,
    organizationId,
    targetClusterId: which.clusterId,
  });
  return open.find(meant(which))?.id ?? null;
}

/**
 * The cluster's operation for a paid change ended, in the transaction that finishes it: the
 * order waiting on it is completed with `completedNote`, or failed with what it paid returned
 * as credit (answered, in cents; 0 when no order waited). The clusters module is given it, for
 * each kind, as an order hook.
 */
export async function settlePaidChange(
  tx: Tx,
  which: PaidChangeOrders,
  failure: string | null,
  completedNote: (order: OrderRecord) => string,
): Promise<number> {
  const waiting = await findOrders(
    tx,
    { kind: which.kind, statuses: ['fulfilling'], targetClusterId: which.clusterId },
    { lock: true },
  );
  const order = waiting.find(meant(which));
  if (!order) return 0;
  const fulfilment = createOrderFulfilment();
  if (failure) return fulfilment.failed(tx, order.id, failure);
  await fulfilment.completed(tx, order.id, completedNote(order));
  return 0;
}

/**
 * Whether the cluster's prepaid period renewed since an order for part of it was placed: such an
 * order was priced for the hours left of the period before, and paid now it would buy the whole
 * new one for a few hours' price.
 */
export async function renewedSincePriced(
  db: DbOrTx,
  order: { targetClusterId: number | null; createdAt: Date },
): Promise<boolean> {
  if (!order.targetClusterId) return false;
  const subscription = await clusterSubscription(db, order.targetClusterId);
  return Boolean(subscription && subscription.periodStart > order.createdAt);
}
