import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Requests from the public site's forms: contact, sales, demo, quotes, migrations, careers. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', {
      enum: ['contact', 'sales', 'demo', 'custom_quote', 'workload_migration', 'job_application'],
    }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    /** The rest of the form, as validated by its contract schema. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['new', 'contacted', 'closed'] })
      .notNull()
      .default('new'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_kind_created_idx').on(t.kind, t.createdAt),
    index('leads_email_idx').on(t.email),
  ],
);

/** One booked demo per slot: the unique index is what refuses a double booking. */
export const demoBookings = pgTable(
  'demo_bookings',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    time: text('time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('demo_bookings_slot_key').on(t.date, t.time)],
);
