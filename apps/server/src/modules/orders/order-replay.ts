import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orders } from './schema.ts';
import { conflict } from '../../lib/http-error.ts';

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
