import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
