import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
