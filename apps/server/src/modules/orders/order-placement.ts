import type { DbOrTx, Tx } from '../../db/client.ts';
import { orderEvents, orders } from './schema.ts';
import { recordAudit } from '../audit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { announceOrder } from './order-events.ts';
import { promoTerms } from './promo-terms.ts';

/** Refuses (402) a new order of an organization whose ordering billing suspended. */
export type OrderingGuard = (db: DbOrTx, organizationId: number) => Promise<void>;

/** What every kind of order writes when it is placed; the kind's own columns come in `row`. */
export interface NewOrder {
  /** Priced by the caller: `subtotalCents`; the discount and the total follow from the code. */
  row: Omit<
    typeof orders.$inferInsert,
    'organizationId' | 'userId' | 'status' | 'paidAt' | 'discountCents' | 'totalCents' | 'promoCode'
  >;
  /** The promo code the customer typed, if any: checked and applied here, for every kind. */
  promoCode?: string | null;
  /** The audit entry's details: the kind, what it buys (the total and the code are added). */
  audit: Record<string, unknown>;
  /** An order with nothing to pay is complete as it is placed: its timeline says why. */
  completedAtOnce?: { paidNote: string; completedNote: string };
}

/**
 * Writes an order of any kind in the caller's transaction, waiting for payment (or complete,
 * with nothing to pay), with its first timeline lines, its audit entry and the push that
 * refreshes the organization's order views. Its id is what the caller answers.
 */
export async function insertOrder(
  tx: Tx,
  actor: SessionUser,
  order: NewOrder,
  client: ClientInfo,
): Promise<number> {
  const { completedAtOnce } = order;
  const terms = await promoTerms(
    tx,
    actor.organizationId,
    order.promoCode,
    order.row.subtotalCents,
  );
  const [inserted] = await tx
    .insert(orders)
    .values({
      ...order.row,
      ...terms,
      organizationId: actor.organizationId,
      userId: actor.id,
      ...(completedAtOnce ? { status: 'completed' as const, paidAt: new Date() } : {}),
    })
    .returning({ id: orders.id });
  const orderId = inserted!.id;
  await tx.insert(orderEvents).values([
    { orderId, status: 'pending_payment', note: 'Order placed' },
    ...(completedAtOnce
      ? [
          { orderId, status: 'paid' as const, note: completedAtOnce.paidNote },
          { orderId, status: 'completed' as const, note: completedAtOnce.completedNote },
        ]
      : []),
  ]);
  await recordAudit(tx, {
    action: 'order.create',
    outcome: 'success',
    actorUserId: actor.id,
    organizationId: actor.organizationId,
    targetType: 'order',
    targetId: orderId,
    ip: client.ip,
    userAgent: client.userAgent,
    details: { ...order.audit, total: terms.totalCents, promo: terms.promoCode !== null },
  });
  await announceOrder(
    tx,
    actor.organizationId,
    orderId,
    completedAtOnce ? 'completed' : 'pending_payment',
  );
  return orderId;
}
