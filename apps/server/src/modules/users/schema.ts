import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'billing', 'viewer', 'admin', 'super_admin'] })
      .notNull()
      .default('user'),
    /**
     * `rejected`: an admin refused the person's request to join; they cannot sign in. `disabled`:
     * an admin switched the account off; it can be switched on again.
     */
    status: text('status', { enum: ['active', 'pending_approval', 'disabled', 'rejected'] })
      .notNull()
      .default('active'),
    /** Why the account is rejected or disabled, as the person is told. */
    statusReason: text('status_reason'),
    officerAccess: boolean('officer_access').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** AES-GCM sealed with a key derived from SESSION_SECRET; never leaves the server. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step, so a code cannot be replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Set when an officer carried out an erasure request: the name, username and e-mail are a
     * pseudonym from then on, and the account cannot sign in.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    index('users_organization_id_idx').on(t.organizationId),
  ],
);
