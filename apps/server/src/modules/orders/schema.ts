import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  openOrderStatuses,
  orderKinds,
  orderStatuses,
  paymentStatuses,
  type ClusterOrderConfig,
  type PriceLine,
} from '@alpenkube/contract';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';
import { paymentMethods } from '../payments/schema.ts';
import { users } from '../users/schema.ts';

export { orderStatuses };

/** What a product order chose. */
export interface ProductOrderConfig {
  product: string;
  plan: string;
  /** `provider:region`. */
  region: string;
  name: string;
  /**
   * A plan change's: the plan and the period it was priced from. Paid after either changed
   * (another change, a renewal), its price is stale and the order is refunded.
   */
  fromPlan?: string;
  fromPeriodStart?: string;
}

const openStatusList = sql.raw(openOrderStatuses.map((status) => `'${status}'`).join(', '));

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: orderKinds }).notNull(),
    /** What was bought, in words, for lists: "Cluster prod-eu: Standard, 3 nodes". */
    description: text('description').notNull().default(''),
    /** The price engine's lines, both cycles, as computed when the order was placed. */
    lines: jsonb('lines').$type<PriceLine[]>().notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    /** What a cluster order configured, name included. */
    clusterConfig: jsonb('cluster_config').$type<ClusterOrderConfig>(),
    /** Held while the order is open, so two open orders cannot claim one cluster name. */
    clusterName: text('cluster_name'),
    /** The cluster an add-on order installs on. */
    targetClusterId: integer('target_cluster_id'),
    /** What a product order buys: a new product, or a new plan for `productInstanceId`. */
    productConfig: jsonb('product_config').$type<ProductOrderConfig>(),
    productInstanceId: integer('product_instance_id'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    creditAppliedCents: bigint('credit_applied_cents', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    promoCode: text('promo_code'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    /** The client's Idempotency-Key and a digest of what it sent with it. */
    idempotencyKey: text('idempotency_key'),
    requestDigest: text('request_digest'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Lists go newest first by id, a page at a time, filtered by kind or status.
    index('orders_organization_id_idx').on(t.organizationId, t.id),
    index('orders_organization_status_id_idx').on(t.organizationId, t.status, t.id),
    index('orders_organization_kind_id_idx').on(t.organizationId, t.kind, t.id),
    index('orders_target_cluster_idx')
      .on(t.targetClusterId)
      .where(sql`${t.targetClusterId} is not null`),
    index('orders_product_instance_idx')
      .on(t.productInstanceId)
      .where(sql`${t.productInstanceId} is not null`),
    uniqueIndex('orders_idempotency_key')
      .on(t.organizationId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('orders_open_cluster_name_key')
      .on(t.organizationId, t.clusterName)
      .where(sql`${t.clusterName} is not null and ${t.status} in (${openStatusList})`),
  ],
);

/** Every status an order took, with when and why: its timeline. Append-only. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: orderStatuses }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * The banner's promo code, once per organization: the unique key makes two racing orders
 * unable to both take it. Released when the order holding it is cancelled unpaid.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_redemptions_order_key').on(t.orderId)],
);

/**
 * One attempt to pay an order. At most one attempt per order is live or succeeded (a unique
 * key): two racing payments find the same attempt, and the gateway's idempotency key (the
 * attempt's id) makes a repeated charge the same charge.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id),
    cardAmountCents: bigint('card_amount_cents', { mode: 'number' }).notNull(),
    creditAmountCents: bigint('credit_amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('processing'),
    gatewayChargeId: text('gateway_charge_id'),
    challengeUrl: text('challenge_url'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.id),
    uniqueIndex('payments_live_per_order_key')
      .on(t.orderId)
      .where(sql`${t.status} in ('processing', 'requires_action', 'succeeded')`),
  ],
);
