import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openOrderStatuses, type BillingCycle, type PriceLine } from '@alpenkube/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { productInstances } from './schema.ts';
import {
  findOrders,
  insertOrder,
  placeOnce,
  type OrderingGuard,
  type OrderMade,
  type ProductOrderConfig,
} from '../orders/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';

export interface ProductOrderInput {
  config: ProductOrderConfig;
  billingCycle: BillingCycle;
  description: string;
  lines: PriceLine[];
  totalCents: number;
  /** The promo code typed for a new product, if any. */
  promoCode?: string;
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
  const [holder] = await findOrders(
    tx,
    {
      kind: 'product',
      statuses: openOrderStatuses,
      organizationId,
      productInstanceId: null,
      productName: name,
    },
    { limit: 1 },
  );
  return holder?.id ?? null;
}

/** A plan-change order of the product that waits for payment, if any. */
export async function openPlanChangeOrder(tx: Tx, organizationId: number, instanceId: number) {
  const [holder] = await findOrders(
    tx,
    {
      kind: 'product',
      statuses: openOrderStatuses,
      organizationId,
      productInstanceId: instanceId,
    },
    { limit: 1 },
  );
  return holder?.id ?? null;
}

/** The product a paid order of kind `product` made, for the order's page. */
export async function productMadeByOrder(db: DbOrTx, orderId: number): Promise<OrderMade> {
  const [made] = await db
    .select({ id: productInstances.id })
    .from(productInstances)
    .where(eq(productInstances.orderId, orderId));
  return made ? { productInstanceId: made.id } : {};
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
  return placeOnce(db, organizationId, key && digest ? { key, digest } : null, async () => {
    await assertOrderingAllowed(db, organizationId);
    return db.transaction(async (tx) => {
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
            idempotencyKey: key,
            requestDigest: digest,
          },
          audit: {
            kind: 'product',
            product: input.config.product,
            plan: input.config.plan,
            ...(input.productInstanceId ? { productInstanceId: input.productInstanceId } : {}),
          },
          promoCode: input.promoCode,
        },
        client,
      );
    });
  });
}
