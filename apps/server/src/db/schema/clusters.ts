import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organizations } from './accounts.ts';
import { clusterTiers } from './catalog.ts';
import { orders } from './orders.ts';

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
    addons: jsonb('addons').$type<string[]>().notNull().default([]),
    supportPlan: text('support_plan').notNull().default('basic'),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    /** The paid order that created the cluster. */
    orderId: integer('order_id').references(() => orders.id),
    status: text('status', { enum: clusterStatuses }).notNull().default('ordered'),
    endpoint: text('endpoint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clusters_organization_status_idx').on(t.organizationId, t.status),
    uniqueIndex('clusters_order_key').on(t.orderId),
    // A name names one cluster of the organization until that cluster is deleted.
    uniqueIndex('clusters_organization_name_key')
      .on(t.organizationId, t.name)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);
