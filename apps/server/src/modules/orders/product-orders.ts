import { createHash } from 'node:crypto';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { openOrderStatuses, type BillingCycle, type PriceLine } from '@alpenkube/contract';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orders, type ProductOrderConfig } from './schema.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { insertOrder } from './order-placement.ts';
import { orderPlacedWith } from './order-replay.ts';
import type { OrderingGuard } from './order-placement.ts';

export interface ProductOrderInput {
  config: ProductOrderConfig;
  billingCycle: BillingCycle;
  description: string;
  lines: PriceLine[];
  totalCents: number;
  /** The product a plan change is for; absent for a new product. */
  productInstanceId?: number;
}

/** An Idempotency-Key with the request it digests, and a check run first in the order's transaction. */
export interface ProductOrderOptions {
  idempotencyKey?: string;
  request?: unknown;
  check?: (tx: Tx) => Promise<void>;
}

/** An open order of the organization for a new product of that name, if any. */
export async function openProductOrderNamed(tx: Tx, organizationId: number, name: string) {
  const [holder] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      inOrganization(
        orders,
        organizationId,
        eq(orders.kind, 'product'),
        isNull(orders.productInstanceId),
        inArray(orders.status, [...openOrderStatuses]),
        sql`${orders.productConfig}->>'name' = ${name}`,
      ),
    )
    .limit(1);
  return holder?.id ?? null;
}

/** A plan-change order of the product that waits for payment, if any. */
export async function openPlanChangeOrder(tx: Tx, organizationId: number, instanceId: number) {
  const [holder] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      inOrganization(
        orders,
        organizationId,
        eq(orders.productInstanceId, instanceId),
        inArray(orders.status, [...openOrderStatuses]),
      ),
    )
    .limit(1);
  return holder?.id ?? null;
}

/**
 * Writes an order of kind `product`, waiting for payment, priced by the caller from the catalog
 * with `priceProduct`. With an Idempotency-Key, the same request answers the order it placed
 * (`replayed`) and a different one with the same key is a 409. `check` runs in the order's
 * transaction first (a name taken refuses there).
 */
export async function placeProductOrder(
  db: Db,
  assertOrderingAllowed: OrderingGuard,
  actor: SessionUser,
  input: ProductOrderInput,
  client: ClientInfo,
  options: ProductOrderOptions = {},
): Promise<{ orderId: number; replayed: boolean }> {
  const { organizationId } = actor;
  const key = options.idempotencyKey ?? null;
  const digest = key
    ? createHash('sha256')
        .update(JSON.stringify(options.request ?? input))
        .digest('hex')
    : null;
  const replay = async () => {
    const prior = key && digest ? await orderPlacedWith(db, organizationId, key, digest) : null;
    return prior === null ? null : { orderId: prior, replayed: true };
  };
  const prior = await replay();
  if (prior) return prior;
  await assertOrderingAllowed(db, organizationId);
  try {
    const orderId = await db.transaction(async (tx) => {
      await options.check?.(tx);
      return insertOrder(
        tx,
        actor,
        {
          row: {
            kind: 'product',
            description: input.description,
            lines: input.lines,
            billingCycle: input.billingCycle,
            productConfig: input.config,
            productInstanceId: input.productInstanceId ?? null,
            subtotalCents: input.totalCents,
            totalCents: input.totalCents,
            idempotencyKey: key,
            requestDigest: digest,
          },
          audit: {
            kind: 'product',
            product: input.config.product,
            plan: input.config.plan,
            total: input.totalCents,
            ...(input.productInstanceId ? { productInstanceId: input.productInstanceId } : {}),
          },
        },
        client,
      );
    });
    return { orderId, replayed: false };
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'orders_idempotency_key') {
      // Two requests with one key raced: the other placed the order.
      const winner = await replay();
      if (winner) return winner;
    }
    throw error;
  }
}
