import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per counted attempt; windows are counted with the (bucket, key, at) index. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_bucket_key_at_idx').on(t.bucket, t.key, t.at)],
);
