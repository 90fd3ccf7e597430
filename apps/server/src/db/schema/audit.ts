import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    organizationId: integer('organization_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_events_organization_at_idx').on(t.organizationId, t.at),
    index('audit_events_action_at_idx').on(t.action, t.at),
    // Failures are the few rows an officer filters for most.
    index('audit_events_failures_at_idx')
      .on(t.at)
      .where(sql`${t.outcome} = 'failure'`),
    // What happened to one thing (a user's data export, a cluster's history).
    index('audit_events_target_at_idx').on(t.targetType, t.targetId, t.at),
  ],
);

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
