import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/**
 * A data-subject request an officer carried out (an export or an erasure). The person's row
 * stays (pseudonymised after an erasure), so the register keeps pointing at it.
 */
export const dataSubjectRequests = pgTable(
  'data_subject_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['export', 'erasure'] }).notNull(),
    subjectUserId: integer('subject_user_id')
      .notNull()
      .references(() => users.id),
    officerUserId: integer('officer_user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** After an erasure, the name the person now goes by in invoices and the audit trail. */
    pseudonym: text('pseudonym'),
    createdAt: createdAt(),
  },
  (t) => [index('data_subject_requests_created_idx').on(t.createdAt)],
);
