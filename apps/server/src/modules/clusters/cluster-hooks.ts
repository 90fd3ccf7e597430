import type { Catalog } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import type { OrderRecord } from '../orders/index.ts';

type OrderRow = OrderRecord;

/**
 * What the organization's order learns from its cluster: how it ends (the orders module's
 * fulfilment) and how an add-on order ends (the add-ons module's, which depends on this one);
 * the composition root passes these in.
 */
export interface ClusterOrderHooks {
  completed(tx: Tx, orderId: number, note: string): Promise<void>;
  /** Marks the order failed and returns the amount paid to the credit balance (cents). */
  failed(tx: Tx, orderId: number, reason: string): Promise<number>;
  /**
   * An add-on's installation ended: the add-on order waiting on it is completed, or failed with
   * what it paid returned as credit (answered, in cents; 0 when no order waited on it).
   */
  addonSettled(tx: Tx, clusterId: number, slug: string, failure: string | null): Promise<number>;
  /** Making the control plane highly available ended: its order, as `addonSettled` does. */
  haSettled(tx: Tx, clusterId: number, failure: string | null): Promise<number>;
}

/**
 * What billing learns from a cluster, in the transaction that finishes an operation: the
 * composition root passes these in, as it does the order hooks.
 */
export interface ClusterBillingHooks {
  /** A change finished (or failed) and the cluster may now have fewer nodes or add-ons than paid for. */
  capacityChanged(tx: Tx, clusterId: number, catalog: Catalog): Promise<void>;
  /** The cluster's deletion finished. */
  clusterDeleted(tx: Tx, clusterId: number, catalog: Catalog): Promise<void>;
  /** Its provisioning failed (the order is refunded in full). */
  provisioningFailed(tx: Tx, clusterId: number): Promise<void>;
  /** An add-on finished installing: the prepaid period now carries it. */
  addonInstalled(tx: Tx, clusterId: number, slug: string, catalog: Catalog): Promise<void>;
  /** The control plane became highly available: the prepaid period now carries it. */
  haEnabled(tx: Tx, clusterId: number, catalog: Catalog): Promise<void>;
  /** The order that bought the cluster is paid: its first prepaid period starts now. */
  orderPaid(tx: Tx, order: OrderRow, clusterId: number, paidAt: Date): Promise<void>;
}
