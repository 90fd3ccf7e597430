import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    status: text('status', { enum: ['active', 'pending_approval', 'disabled'] })
      .notNull()
      .default('active'),
    officerAccess: boolean('officer_access').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** AES-GCM sealed with a key derived from SESSION_SECRET; never leaves the server. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step, so a code cannot be replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
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

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['success', 'warning', 'error', 'system', 'info'] }).notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    trash: boolean('trash').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_list_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.trash} = false`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.read} = false and ${t.trash} = false`),
  ],
);

export const clusterTiers = pgTable(
  'cluster_tiers',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    sla: text('sla').notNull(),
    nodeSizes: jsonb('node_sizes')
      .$type<{ name: string; vcpu: number; memoryGb: number; diskGb: number }[]>()
      .notNull(),
    nodePriceMonthlyCents: integer('node_price_monthly_cents').notNull(),
    nodePriceYearlyCents: integer('node_price_yearly_cents').notNull(),
    controlPlanePriceMonthlyCents: integer('control_plane_price_monthly_cents').notNull(),
    controlPlanePriceYearlyCents: integer('control_plane_price_yearly_cents').notNull(),
    minNodes: integer('min_nodes').notNull(),
    maxNodes: integer('max_nodes').notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('cluster_tiers_slug_key').on(t.slug)],
);

export const clusterStatuses = [
  'ordered',
  'provisioning',
  'running',
  'updating',
  'degraded',
  'deleting',
  'deleted',
  'failed',
] as const;

export const clusters = pgTable(
  'clusters',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    tierId: integer('tier_id')
      .notNull()
      .references(() => clusterTiers.id),
    provider: text('provider').notNull(),
    region: text('region').notNull(),
    kubernetesVersion: text('kubernetes_version').notNull(),
    nodePools: jsonb('node_pools')
      .$type<
        {
          name: string;
          size: string;
          count: number;
          autoscaleMin?: number;
          autoscaleMax?: number;
        }[]
      >()
      .notNull(),
    haControlPlane: boolean('ha_control_plane').notNull().default(false),
    status: text('status', { enum: clusterStatuses }).notNull().default('ordered'),
    endpoint: text('endpoint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clusters_organization_status_idx').on(t.organizationId, t.status)],
);

export const orderStatuses = [
  'pending_payment',
  'paid',
  'fulfilling',
  'completed',
  'failed',
  'cancelled',
] as const;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: ['cluster', 'addon', 'product', 'support'] }).notNull(),
    lines: jsonb('lines')
      .$type<{ description: string; quantity: number; unitPriceCents: number }[]>()
      .notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    promoCode: text('promo_code'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending_payment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('orders_organization_created_idx').on(t.organizationId, t.createdAt)],
);

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
  ],
);

export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outgoing_mail_created_idx').on(t.createdAt)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_pending_run_at_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_running_locked_at_idx')
      .on(t.lockedAt)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** One row per counted attempt; windows are counted with the (bucket, key, at) index. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_bucket_key_at_idx').on(t.bucket, t.key, t.at)],
);

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

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] }).notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_email_key').on(t.email),
    uniqueIndex('newsletter_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_unsubscribe_token_key').on(t.unsubscribeTokenHash),
  ],
);

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

/** Add-ons installable on a cluster; the catalog lives in code and is synchronised at start. */
export const addons = pgTable(
  'addons',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    priceMonthlyCents: integer('price_monthly_cents').notNull(),
    priceYearlyCents: integer('price_yearly_cents').notNull(),
    unit: text('unit', { enum: ['cluster', 'node'] }).notNull(),
    compatibleTiers: jsonb('compatible_tiers').$type<string[]>().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('addons_slug_key').on(t.slug)],
);
