import type { Tx } from '../../db/client.ts';
import { settlePaidChange, type PaidChangeOrders } from '../billing/index.ts';

/** The orders to make a cluster's control plane highly available: one open at a time. */
export const haOrders = (clusterId: number): PaidChangeOrders => ({
  kind: 'high_availability',
  clusterId,
});

/**
 * Making a cluster's control plane highly available ended, in the transaction that finishes it:
 * the order waiting on it is completed, or failed with what it paid returned as credit
 * (answered, in cents; 0 when no order waited). The clusters module is given it as an order hook.
 */
export const settleHaOrder = (tx: Tx, clusterId: number, failure: string | null) =>
  settlePaidChange(tx, haOrders(clusterId), failure, () => 'The control plane is highly available');
