import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';

/** A card saved through the payment gateway: its token, never its number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    gateway: text('gateway').notNull(),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** The gateway's fingerprint of the card number: the same card is saved once. */
    fingerprint: text('fingerprint').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    addedBy: integer('added_by').references(() => users.id),
    /** Payments keep pointing at a removed card, so it is hidden rather than deleted. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_organization_idx').on(t.organizationId),
    uniqueIndex('payment_methods_gateway_token_key').on(t.gateway, t.gatewayToken),
    uniqueIndex('payment_methods_card_key')
      .on(t.organizationId, t.gateway, t.fingerprint)
      .where(sql`${t.removedAt} is null`),
    // At most one default card per organization.
    uniqueIndex('payment_methods_default_key')
      .on(t.organizationId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

/**
 * The embedded test gateway's own records. A real gateway keeps these on its side; the
 * platform's code never reads them, only the gateway through its interface.
 */
export const testGatewayCards = pgTable('test_gateway_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  /** A keyed hash of the number: tells the same card apart without keeping the number. */
  fingerprint: text('fingerprint').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** How the test card behaves when charged. */
  behaviour: text('behaviour', {
    enum: ['succeed', 'decline', 'insufficient_funds', 'challenge'],
  }).notNull(),
  createdAt: createdAt(),
});

export const testGatewayCharges = pgTable('test_gateway_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  token: text('token')
    .notNull()
    .references(() => testGatewayCards.token),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status', {
    enum: ['succeeded', 'declined', 'requires_action', 'cancelled'],
  }).notNull(),
  declineMessage: text('decline_message'),
  returnUrl: text('return_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The test gateway's refunds: each on one of its charges, once per idempotency key. */
export const testGatewayRefunds = pgTable('test_gateway_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  chargeId: text('charge_id')
    .notNull()
    .references(() => testGatewayCharges.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});
