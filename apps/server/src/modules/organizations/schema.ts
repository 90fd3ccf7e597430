import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

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
    /** The value of the TXT record that proves `emailDomain` (docs/members.md). */
    domainToken: text('domain_token'),
    /** The last check of the record, and what it found. */
    domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
    domainCheckOutcome: text('domain_check_outcome', {
      enum: ['found', 'not_found', 'resolver_error'],
    }),
    /**
     * Where the organization's clusters and products may keep data, set by its admins and
     * enforced on every order: EU regions only (the default of a new organization), or any.
     */
    residencyPolicy: text('residency_policy', { enum: ['eu_only', 'any'] })
      .notNull()
      .default('eu_only'),
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
