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
  invoiceLineKinds,
  invoiceStatuses,
  usageMetrics,
  vatTreatments,
} from '@alpenkube/contract';
import { createdAt } from '../../db/columns.ts';
import { renewals } from '../billing/schema.ts';
import { clusters } from '../clusters/schema.ts';
import { orders } from '../orders/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { paymentMethods } from '../payments/schema.ts';
import { users } from '../users/schema.ts';

/** Gapless invoice numbers: the row of a year is locked by the transaction that issues one. */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The organizations whose month an instance is closing right now, each claimed by one pass of
 * the close (month-close.ts): the other instances pass it by and close the next one instead.
 */
export const monthCloseClaims = pgTable('month_close_claims', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  claimedBy: text('claimed_by').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).defaultNow().notNull(),
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
