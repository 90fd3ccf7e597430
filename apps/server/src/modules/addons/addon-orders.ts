import type { Tx } from '../../db/client.ts';
import { settlePaidChange, type PaidChangeOrders } from '../billing/index.ts';
import type { OrderRecord } from '../orders/index.ts';

/** The add-on an order of kind `addon` installs: its one line's slug. */
export const addonOfOrder = (order: Pick<OrderRecord, 'lines'>): string | null =>
  order.lines.find((line) => line.kind === 'addon')?.ref ?? null;

/** The orders for one add-on on one cluster: a cluster has one open order per add-on. */
export const addonOrders = (clusterId: number, slug: string): PaidChangeOrders => ({
  kind: 'addon',
  clusterId,
  matches: (order) => addonOfOrder(order) === slug,
});

/**
 * An add-on's installation on a cluster ended, in the transaction that finishes it: the add-on
 * order waiting on it is completed, or failed with what it paid returned as credit (answered,
 * in cents; 0 when no order waited on it). The clusters module is given it as an order hook.
 */
export const settleAddonOrder = (tx: Tx, clusterId: number, slug: string, failure: string | null) =>
  settlePaidChange(
    tx,
    addonOrders(clusterId, slug),
    failure,
    (order) => `${order.description.replace(/^Add-on /, '')}: installed`,
  );
