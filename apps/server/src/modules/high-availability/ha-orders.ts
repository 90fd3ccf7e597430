import { openOrderStatuses, type PriceLine } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { createOrderFulfilment, findOrders, insertOrder, lockOrder } from '../orders/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';

/** The organization's open order (unpaid, paid or being fulfilled) for HA on this cluster. */
export async function openHaOrder(
  db: DbOrTx,
  organizationId: number,
  clusterId: number,
): Promise<number | null> {
  const [open] = await findOrders(
    db,
    {
      kind: 'high_availability',
      statuses: openOrderStatuses,
      organizationId,
      targetClusterId: clusterId,
    },
    { limit: 1 },
  );
  return open?.id ?? null;
}

/** A high-availability order, locked, for the job that makes what it bought. */
export async function lockHaOrder(tx: Tx, orderId: number) {
  const order = await lockOrder(tx, orderId);
  return order?.kind === 'high_availability' ? order : null;
}

/**
 * Making a cluster's control plane highly available ended, in the transaction that finishes it:
 * the order waiting on it is completed, or failed with what it paid returned as credit
 * (answered, in cents; 0 when no order waited). The clusters module is given it as an order hook.
 */
export async function settleHaOrder(
  tx: Tx,
  clusterId: number,
  failure: string | null,
): Promise<number> {
  const [order] = await findOrders(
    tx,
    { kind: 'high_availability', statuses: ['fulfilling'], targetClusterId: clusterId },
    { lock: true, limit: 1 },
  );
  if (!order) return 0;
  const fulfilment = createOrderFulfilment();
  if (failure) return fulfilment.failed(tx, order.id, failure);
  await fulfilment.completed(tx, order.id, 'The control plane is highly available');
  return 0;
}

/**
 * Writes an order of kind `high_availability` waiting for payment, in the caller's transaction
 * (which holds the cluster's lock, so two requests cannot both pass the open-order check).
 */
export async function placeHaOrder(
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
  return insertOrder(
    tx,
    actor,
    {
      row: {
        kind: 'high_availability',
        description: input.description,
        lines: [input.line],
        billingCycle: input.billingCycle,
        targetClusterId: input.clusterId,
        subtotalCents: input.line.monthly,
        idempotencyKey: input.idempotencyKey,
        requestDigest: input.requestDigest,
      },
      audit: { kind: 'high_availability', cluster: input.clusterId },
      promoCode: input.promoCode,
    },
    client,
  );
}
