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
import { vatNumberStatuses, type ClusterOrderConfig } from '@alpenkube/contract';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { clusters } from '../clusters/schema.ts';
import { orders } from '../orders/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { paymentMethods } from '../payments/schema.ts';
import { productInstances } from '../products/schema.ts';

/** The organization's details for its invoices; one row per organization once set. */
export const billingDetails = pgTable('billing_details', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  country: text('country').notNull(),
  vatNumber: text('vat_number'),
  /** The EU registry's word on `vat_number` (null without one): reverse charge needs `valid`. */
  vatNumberStatus: text('vat_number_status', { enum: vatNumberStatuses }),
  /** When the registry last answered or was last tried for this number. */
  vatNumberCheckedAt: timestamp('vat_number_checked_at', { withTimezone: true }),
  /** Which registry answered: the EU's VIES (`vies`) or the embedded `simulated` one. */
  vatRegistry: text('vat_registry', { enum: ['vies', 'simulated'] }),
  email: text('email').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Something paid for by the period: a cluster (its configuration as last paid) or the
 * organization's support plan. A renewal job charges the next period when this one ends.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ['cluster', 'support', 'product'] }).notNull(),
    clusterId: integer('cluster_id').references(() => clusters.id),
    /** The marketplace product, for a product subscription; its plan is `productPlan`. */
    productInstanceId: integer('product_instance_id').references(() => productInstances.id),
    productPlan: text('product_plan'),
    /** The support plan's slug, for a support subscription. */
    supportPlan: text('support_plan'),
    /** The order that paid the first period. */
    orderId: integer('order_id').references(() => orders.id),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }).notNull(),
    /**
     * What the current period paid for: the cluster's configuration (pools and their counts,
     * add-ons); nodes above a pool's count are metered, a scale below it is credited.
     */
    paidConfig: jsonb('paid_config').$type<ClusterOrderConfig>(),
    /** What the current period cost, by the price engine, before any discount. */
    periodPriceCents: bigint('period_price_cents', { mode: 'number' }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'cancelled'] })
      .notNull()
      .default('active'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_organization_idx').on(t.organizationId, t.id),
    // The renewal scheduler reads the periods that ended.
    index('subscriptions_due_idx')
      .on(t.periodEnd)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('subscriptions_live_cluster_key')
      .on(t.clusterId)
      .where(sql`${t.clusterId} is not null and ${t.status} <> 'cancelled'`),
    // Metering reads a cluster's subscriptions cancelled in the hours it meters too.
    index('subscriptions_cluster_idx')
      .on(t.clusterId)
      .where(sql`${t.clusterId} is not null`),
    uniqueIndex('subscriptions_live_product_key')
      .on(t.productInstanceId)
      .where(sql`${t.productInstanceId} is not null and ${t.status} <> 'cancelled'`),
    uniqueIndex('subscriptions_live_support_key')
      .on(t.organizationId)
      .where(sql`${t.kind} = 'support' and ${t.status} <> 'cancelled'`),
  ],
);

/**
 * The charge of one subscription's next period: one row per period (a unique key), so two
 * instances, or a job run again after a crash, renew it once. The gateway's idempotency key is
 * `renewal-<id>-<attempts>`.
 */
export const renewals = pgTable(
  'renewals',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    description: text('description').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /**
     * The cluster's configuration `amount_cents` was priced for, by the last attempt: what the
     * subscription's next period prepaid once it is paid (null for a support plan).
     */
    paidConfig: jsonb('paid_config').$type<ClusterOrderConfig>(),
    creditAppliedCents: bigint('credit_applied_cents', { mode: 'number' }).notNull().default(0),
    cardAmountCents: bigint('card_amount_cents', { mode: 'number' }).notNull().default(0),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id),
    gatewayChargeId: text('gateway_charge_id'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When its subscription ended (the cluster deleted, the plan replaced) before it was paid:
     * from then it charges the days its period ran, never a whole period.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('renewals_subscription_period_key').on(t.subscriptionId, t.periodStart),
    index('renewals_organization_idx').on(t.organizationId, t.id),
    // The renewal chore reads the unpaid ones every minute on every instance: not every period paid.
    index('renewals_unpaid_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} <> 'paid'`),
  ],
);
