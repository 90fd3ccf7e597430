import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-cased, spacing-normalised name: how a registration finds the company it joins. */
    nameKey: text('name_key').notNull(),
    /** The e-mail domain of the founder, unless it is a public mail provider. */
    emailDomain: text('email_domain'),
    /**
     * Set once the organization proved it owns `emailDomain`; only then does a registration at
     * that domain join it. Anyone can type a company's name or use an address at its domain.
     */
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    billingId: text('billing_id').notNull(),
    status: text('status', { enum: ['pending_approval', 'active', 'suspended'] }).notNull(),
    billingCurrency: text('billing_currency').notNull().default('USD'),
    creditBalanceCents: bigint('credit_balance_cents', { mode: 'number' }).notNull().default(0),
    /** Why a platform operator suspended it; shown to its members. */
    suspendedReason: text('suspended_reason'),
    /** When a platform operator approved it (null while pending, and for the seeded ones). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * Set by an admin: members without two-factor authentication are led to set it up at their
     * next sign-in, and reach nothing else until they have.
     */
    mfaRequired: boolean('mfa_required').notNull().default(false),
    /** The organization's support plan (tickets' response targets), by slug. */
    supportPlan: text('support_plan').notNull().default('basic'),
    /**
     * Set when a renewal stayed unpaid after its last retry: the organization cannot order
     * until it is paid (its running clusters keep running).
     */
    orderingSuspendedAt: timestamp('ordering_suspended_at', { withTimezone: true }),
    orderingSuspendedReason: text('ordering_suspended_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_billing_id_key').on(t.billingId),
    uniqueIndex('organizations_name_key_key').on(t.nameKey),
    index('organizations_email_domain_idx').on(t.emailDomain),
    // One organization per verified domain: a registration there has one place to go.
    uniqueIndex('organizations_verified_domain_key')
      .on(t.emailDomain)
      .where(sql`${t.domainVerifiedAt} is not null`),
  ],
);

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
    role: text('role', { enum: ['user', 'admin', 'super_admin'] })
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

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the cookie value: a leaked table cannot be replayed as cookies. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Single-use tokens mailed to a user, and the short-lived second-factor challenge. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'magic_link', 'mfa_challenge'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

export const userDevices = pgTable(
  'user_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_devices_user_device_key').on(t.userId, t.device)],
);

/** An admin's invitation to join an organization: a single-use link mailed to `email`. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
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

/**
 * A personal API token: `Authorization: Bearer` acts as its user within its scopes. Only the
 * hash is stored; the token itself is shown once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** The token's first characters, so a person can tell their tokens apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `resource:read` or `resource:write` entries; write includes read. */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    index('api_tokens_organization_idx').on(t.organizationId, t.createdAt),
  ],
);
