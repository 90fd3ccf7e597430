import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  creditKinds,
  invoiceLineKinds,
  invoiceStatuses,
  usageMetrics,
  vatNumberStatuses,
  vatTreatments,
  type ClusterOrderConfig,
} from '@alpenkube/contract';
import { createdAt, meteredAmounts, updatedAt } from './columns.ts';
import { organizations, users } from './accounts.ts';
import { clusters } from './clusters.ts';
import { orders, paymentMethods } from './orders.ts';
import { productInstances } from './products.ts';

/**
 * Every movement of an organization's credit balance, append-only. The balance itself stays on
 * `organizations.credit_balance_cents` (locked and changed in the same transaction), and
 * `balance_after_cents` is what it became, so the history reads without summing.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: creditKinds }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    invoiceId: integer('invoice_id'),
    renewalId: integer('renewal_id'),
    actorUserId: integer('actor_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('credit_transactions_organization_idx').on(t.organizationId, t.id)],
);

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

/**
 * One metered hour of one cluster's metric, written from its history. Unique per cluster,
 * metric and hour: metering again (a restart, a second instance) writes nothing twice.
 * Quantities are thousandths of a unit; costs millicents (thousandths of a cent).
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    metric: text('metric', { enum: usageMetrics }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...meteredAmounts(),
    /** The invoice that billed it: set once, when the month closes. */
    invoiceId: integer('invoice_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('usage_records_cluster_metric_hour_key').on(t.clusterId, t.metric, t.hour),
    index('usage_records_organization_hour_idx').on(t.organizationId, t.hour),
    // An invoice's usage CSV reads its records in order, once.
    index('usage_records_invoice_idx')
      .on(t.invoiceId, t.hour)
      .where(sql`${t.invoiceId} is not null`),
  ],
);

/**
 * The hourly records summed per cluster, metric and UTC day, kept in the transaction that
 * writes the hours: usage over a year reads at most 366 rows per cluster and metric.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    metric: text('metric', { enum: usageMetrics }).notNull(),
    day: text('day').notNull(),
    ...meteredAmounts(),
  },
  (t) => [
    primaryKey({ columns: [t.clusterId, t.metric, t.day] }),
    index('usage_daily_organization_day_idx').on(t.organizationId, t.day),
  ],
);

/** Gapless invoice numbers: the row of a year is locked by the transaction that issues one. */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Gapless credit note numbers, a series of their own: locked like the invoices' counter. */
export const creditNoteNumberCounters = pgTable('credit_note_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A credit note: what a voided paid invoice gives back, issued once per invoice with its own
 * gapless number; the invoice itself is never edited. Its amount goes back as credit, or its
 * card part is refunded on the invoice's original charge (`card_refund_status`).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** `CN-2026-000001`. */
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** What the operator chose: all of it as credit, or the card's part back to the card. */
    refundTo: text('refund_to', { enum: ['credit', 'card'] }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
    cardRefundCents: bigint('card_refund_cents', { mode: 'number' }).notNull(),
    /**
     * The card part: `pending` until the gateway refunded it (`refunded`), or `credited` when
     * the gateway refused it and it went to the credit balance instead; null with no card part.
     */
    cardRefundStatus: text('card_refund_status', {
      enum: ['pending', 'refunded', 'credited'],
    }),
    gatewayRefundId: text('gateway_refund_id'),
    issuedBy: integer('issued_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_invoice_key').on(t.invoiceId),
    index('credit_notes_organization_idx').on(t.organizationId, t.id),
  ],
);

/** A month's invoice (or the part of it up to a close in development). Issued, never changed. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    number: text('number').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('open'),
    currency: text('currency').notNull().default('USD'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    prepaidCents: bigint('prepaid_cents', { mode: 'number' }).notNull(),
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull(),
    /** Who it was issued to, as their details stood then. */
    billedTo: jsonb('billed_to')
      .$type<{
        name: string;
        address: string;
        country: string;
        vatNumber: string | null;
        email: string;
      }>()
      .notNull(),
    creditAppliedCents: bigint('credit_applied_cents', { mode: 'number' }).notNull().default(0),
    cardChargedCents: bigint('card_charged_cents', { mode: 'number' }).notNull().default(0),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id),
    gatewayChargeId: text('gateway_charge_id'),
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    paymentError: text('payment_error'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedBy: integer('voided_by').references(() => users.id),
    /**
     * The SHA-256 of the usage CSV, set when it is first written to the file store
     * (`invoices/<id>/usage.csv`): its strong ETag. An issued invoice's usage never changes.
     */
    usageCsvSha256: text('usage_csv_sha256'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    // A period is invoiced once, whichever instance closes it.
    uniqueIndex('invoices_organization_period_key').on(t.organizationId, t.periodStart),
    index('invoices_organization_idx').on(t.organizationId, t.id),
    // The billing chore looks for charges left in flight every minute: not through every invoice.
    index('invoices_charge_in_flight_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open' and ${t.cardChargedCents} > 0`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    kind: text('kind', { enum: invoiceLineKinds }).notNull(),
    description: text('description').notNull(),
    clusterId: integer('cluster_id').references(() => clusters.id),
    metric: text('metric', { enum: usageMetrics }),
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    renewalId: integer('renewal_id').references(() => renewals.id),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_position_key').on(t.invoiceId, t.position)],
);

/** A monthly spending limit and the percentages of it that alert the admins. */
export const budgets = pgTable('budgets', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  thresholds: jsonb('thresholds').$type<number[]>().notNull(),
  updatedAt: updatedAt(),
});

/** An alert sent: once per organization, month and threshold, whichever instance saw it first. */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    month: text('month').notNull(),
    threshold: integer('threshold').notNull(),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.threshold] })],
);
