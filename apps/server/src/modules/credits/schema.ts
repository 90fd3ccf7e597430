import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { creditKinds } from '@alpenkube/contract';
import { createdAt } from '../../db/columns.ts';
import { orders } from '../orders/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';

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

/**
 * Codes platform operators issue: an amount of credit, the last day (UTC) it can be redeemed,
 * and how many organizations may redeem it. `redemptions` counts them, under the row's lock.
 */
export const creditCodes = pgTable(
  'credit_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    maxRedemptions: integer('max_redemptions').notNull(),
    redemptions: integer('redemptions').notNull().default(0),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_codes_code_idx').on(t.code)],
);

/** Which organization redeemed which code: once each, by its primary key. */
export const creditCodeRedemptions = pgTable(
  'credit_code_redemptions',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => creditCodes.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    creditTransactionId: integer('credit_transaction_id')
      .notNull()
      .references(() => creditTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'credit_code_redemptions_pk', columns: [t.codeId, t.organizationId] }),
    index('credit_code_redemptions_organization_idx').on(t.organizationId),
  ],
);
