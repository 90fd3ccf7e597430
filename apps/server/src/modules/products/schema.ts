import { sql } from 'drizzle-orm';
import {
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
import { orders } from '../orders/schema.ts';
import { organizations } from '../organizations/schema.ts';

/** A size of a marketplace product, priced per period in USD cents. */
export interface ProductPlanRow {
  slug: string;
  name: string;
  /** What the size gives, in words: "2 vCPU, 8 GB RAM, 100 GB storage". */
  size: string;
  priceMonthlyCents: number;
  priceYearlyCents: number;
}

/** The marketplace's offers: the catalog lives in code and is synchronised at start. */
export const marketplaceProducts = pgTable(
  'marketplace_products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Who makes the software it runs, e.g. "PostgreSQL 17". */
    vendor: text('vendor').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    plans: jsonb('plans').$type<ProductPlanRow[]>().notNull(),
    /** Region codes of the platform's providers it runs in, as `provider:region`. */
    regions: jsonb('regions').$type<string[]>().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('marketplace_products_slug_key').on(t.slug)],
);

export const productInstanceStatuses = [
  'ordered',
  'provisioning',
  'active',
  'updating',
  'cancelling',
  'cancelled',
  'failed',
] as const;

/** A product an organization bought: provisioned by a job, with its connection details. */
export const productInstances = pgTable(
  'product_instances',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The paid order that created it. */
    orderId: integer('order_id').references(() => orders.id),
    productSlug: text('product_slug').notNull(),
    plan: text('plan').notNull(),
    /** `provider:region`, one of the product's regions. */
    region: text('region').notNull(),
    name: text('name').notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    status: text('status', { enum: productInstanceStatuses }).notNull().default('ordered'),
    statusReason: text('status_reason'),
    /** The job's progress while provisioning or changing, 0 to 100. */
    progress: integer('progress').notNull().default(0),
    endpoint: text('endpoint'),
    username: text('username'),
    /** The secret, encrypted with the server's key: shown once, then again only after a password check. */
    secretCiphertext: text('secret_ciphertext'),
    secretVersion: integer('secret_version').notNull().default(0),
    secretShownAt: timestamp('secret_shown_at', { withTimezone: true }),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
    activeAt: timestamp('active_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_instances_organization_idx').on(t.organizationId, t.id),
    uniqueIndex('product_instances_order_key').on(t.orderId),
    // A name names one product of the organization until it is cancelled.
    uniqueIndex('product_instances_organization_name_key')
      .on(t.organizationId, t.name)
      .where(sql`${t.status} not in ('cancelled', 'failed')`),
  ],
);
