import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What a usage record and each of its rollups carry: the quantity that ran and the billable part
 * of it, in thousandths of a unit, and the cost of the billable part in millicents.
 */
export const meteredAmounts = () => ({
  quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
  billableMilli: bigint('billable_milli', { mode: 'number' }).notNull(),
  costMillicents: bigint('cost_millicents', { mode: 'number' }).notNull(),
});
