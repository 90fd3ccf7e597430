import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organizations, users } from './accounts.ts';

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    /** Shown to people: T-100001 and up. */
    number: text('number').notNull(),
    /** Lets someone without an account follow the ticket, together with its e-mail. */
    trackingCode: text('tracking_code').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    name: text('name'),
    category: text('category', { enum: ['technical', 'billing', 'sales'] }).notNull(),
    severity: text('severity', { enum: ['low', 'normal', 'high', 'critical'] }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'awaiting_customer', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_number_key').on(t.number),
    uniqueIndex('support_tickets_tracking_code_key').on(t.trackingCode),
    index('support_tickets_organization_idx').on(t.organizationId, t.createdAt),
    index('support_tickets_email_idx').on(t.email),
  ],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'support'] }).notNull(),
    authorName: text('author_name'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
