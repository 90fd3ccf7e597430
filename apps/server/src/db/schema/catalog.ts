import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

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
