import { createHash } from 'node:crypto';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { openOrderStatuses, type BillingCycle, type PriceLine } from '@alpenkube/contract';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { orderEvents, orders, type ProductOrderConfig } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { announceOrder } from './order-events.ts';
import { orderPlacedWith } from './order-service.ts';
import { assertOrderingAllowed } from './support-orders.ts';

export interface ProductOrderInput {
  config: ProductOrderConfig;
  billingCycle: BillingCycle;
  description: string;
  lines: PriceLine[];
  totalCents: number;
  /** The product a plan change is for; absent for a new product. */
  productInstanceId?: number;
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
  actor: SessionUser,
  input: ProductOrderInput,
  client: ClientInfo,
  options: { idempotencyKey?: string; request?: unknown; check?: (tx: Tx) => Promise<void> } = {},
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
      const [order] = await tx
        .insert(orders)
        .values({
          organizationId,
          userId: actor.id,
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
        })
        .returning({ id: orders.id });
      const id = order!.id;
      await tx
        .insert(orderEvents)
        .values({ orderId: id, status: 'pending_payment', note: 'Order placed' });
      await recordAudit(tx, {
        action: 'order.create',
        outcome: 'success',
        actorUserId: actor.id,
        organizationId,
        targetType: 'order',
        targetId: id,
        ip: client.ip,
        userAgent: client.userAgent,
        details: {
          kind: 'product',
          product: input.config.product,
          plan: input.config.plan,
          total: input.totalCents,
          ...(input.productInstanceId ? { productInstanceId: input.productInstanceId } : {}),
        },
      });
      await announceOrder(tx, organizationId, id, 'pending_payment');
      return id;
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
