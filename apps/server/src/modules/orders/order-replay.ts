import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orders } from './schema.ts';
import { conflict } from '../../lib/http-error.ts';
import { uniqueViolation } from '../../db/errors.ts';

/**
 * The id of the order an Idempotency-Key already placed, if the same request (its digest)
 * placed it; the same key with another request is a 409. Every kind of order honours it so.
 */
export async function orderPlacedWith(
  db: DbOrTx,
  organizationId: number,
  key: string,
  digest: string,
): Promise<number | null> {
  const [prior] = await db
    .select({ id: orders.id, digest: orders.requestDigest })
    .from(orders)
    .where(inOrganization(orders, organizationId, eq(orders.idempotencyKey, key)));
  if (!prior) return null;
  if (prior.digest !== digest) {
    throw conflict('This Idempotency-Key was already used for a different order.');
  }
  return prior.id;
}

/**
 * Places an order once per Idempotency-Key: the order the same request placed before is
 * answered (`replayed`), else `place` writes it; when two requests with one key race, the one
 * that lost answers the order the other placed. Without a key, `place` runs every time.
 */
export async function placeOnce(
  db: DbOrTx,
  organizationId: number,
  idempotency: { key: string; digest: string } | null,
  place: () => Promise<number>,
): Promise<{ orderId: number; replayed: boolean }> {
  const prior = async () => {
    if (!idempotency) return null;
    const orderId = await orderPlacedWith(db, organizationId, idempotency.key, idempotency.digest);
    return orderId === null ? null : { orderId, replayed: true };
  };
  const before = await prior();
  if (before) return before;
  try {
    return { orderId: await place(), replayed: false };
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'orders_idempotency_key') {
      const winner = await prior();
      if (winner) return winner;
    }
    throw error;
  }
}
