import { bigint, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organizations, users } from './accounts.ts';

export const orderStatuses = [
  'pending_payment',
  'paid',
  'fulfilling',
  'completed',
  'failed',
  'cancelled',
] as const;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: ['cluster', 'addon', 'product', 'support'] }).notNull(),
    lines: jsonb('lines')
      .$type<{ description: string; quantity: number; unitPriceCents: number }[]>()
      .notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    promoCode: text('promo_code'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('orders_organization_created_idx').on(t.organizationId, t.createdAt)],
);
