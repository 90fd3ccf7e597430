import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { clusters } from '../clusters/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { productInstances } from '../products/schema.ts';
import { users } from '../users/schema.ts';

/** Raw bytes: where attachments were kept before the file store; moved out at start. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What a custom-solution request asked for, kept with its sales ticket. */
export interface CustomSolutionDetails {
  workload: string;
  scale: string;
  compliance: string[];
  budget: string;
  timeline: string;
}

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
    /** A ticket, or a custom-solution request (a sales ticket with its details). */
    kind: text('kind', { enum: ['ticket', 'custom_solution'] })
      .notNull()
      .default('ticket'),
    category: text('category', { enum: ['technical', 'billing', 'sales'] }).notNull(),
    severity: text('severity', { enum: ['low', 'normal', 'high', 'urgent'] }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['open', 'awaiting_customer', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    relatedClusterId: integer('related_cluster_id').references(() => clusters.id),
    relatedProductId: integer('related_product_id').references(() => productInstances.id),
    details: jsonb('details').$type<CustomSolutionDetails>(),
    /** The staff member working on it. */
    assigneeId: integer('assignee_id').references(() => users.id),
    /**
     * When the team's next answer is due by the support plan's response target: set while the
     * ticket waits on the team, null while it waits on the customer or is settled.
     */
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_number_key').on(t.number),
    uniqueIndex('support_tickets_tracking_code_key').on(t.trackingCode),
    index('support_tickets_organization_idx').on(t.organizationId, t.createdAt),
    index('support_tickets_email_idx').on(t.email),
    // The staff queue: soonest missed target first, then the rest by age.
    index('support_tickets_queue_idx').on(t.responseDueAt, t.id),
    index('support_tickets_status_idx').on(t.status, t.id),
    index('support_tickets_assignee_idx')
      .on(t.assigneeId, t.id)
      .where(sql`${t.assigneeId} is not null`),
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
    /** Who wrote it, when signed in. */
    authorUserId: integer('author_user_id').references(() => users.id),
    /** A staff note: never shown to the customer nor sent to them. */
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * A file sent with a message. Its bytes are in the file store under `storageKey`, written (and
 * checked) before the row, which is inserted in the message's transaction: a refused or rolled
 * back message deletes the files it had written.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => supportTicketMessages.id, { onDelete: 'cascade' }),
    /**
     * The organization whose storage quota it counts against: the ticket's, for a customer's
     * file; none for the support team's, or on an anonymous ticket.
     */
    organizationId: integer('organization_id').references(() => organizations.id),
    /** Who sent it, when signed in: their storage quota. */
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    fileName: text('file_name').notNull(),
    /** The type found in the bytes, not the one the name or the browser claimed. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The file store's key; null only on a row from before the store, until the start moves it. */
    storageKey: text('storage_key'),
    /** Bytes of a row from before the file store: emptied when the start moves them. */
    data: bytea('data'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_attachments_ticket_idx').on(t.ticketId, t.id),
    index('support_attachments_message_idx').on(t.messageId),
    uniqueIndex('support_attachments_storage_key').on(t.storageKey),
    // The quotas sum sizes from these alone (index-only scans).
    index('support_attachments_organization_size_idx').on(t.organizationId, t.sizeBytes),
    index('support_attachments_uploader_size_idx').on(t.uploadedByUserId, t.sizeBytes),
    index('support_attachments_unmoved_idx')
      .on(t.id)
      .where(sql`${t.storageKey} is null`),
  ],
);
