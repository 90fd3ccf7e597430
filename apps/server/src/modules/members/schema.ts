import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';

/** An admin's invitation to join an organization: a single-use link mailed to `email`. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    role: text('role', { enum: ['user', 'billing', 'viewer', 'admin'] }).notNull(),
    /** SHA-256 of the link's token: the table cannot be replayed as links. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_organization_created_idx').on(t.organizationId, t.createdAt),
    index('invitations_email_idx').on(t.email),
  ],
);

/** A member's request to become an admin of their organization, and the admins' answer. */
export const promotionRequests = pgTable(
  'promotion_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'refused'] })
      .notNull()
      .default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The admin's note to the asker, with a refusal especially. */
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    // One open request per person: asking again waits for the answer.
    uniqueIndex('promotion_requests_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('promotion_requests_organization_status_idx').on(t.organizationId, t.status, t.createdAt),
  ],
);
