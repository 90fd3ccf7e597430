import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { KubernetesPatch } from '@alpenkube/contract';

/** A node size of a tier; GPU sizes only exist in the AI/ML tier. Prices per node, USD cents. */
export interface NodeSizeRow {
  name: string;
  vcpu: number;
  memoryGb: number;
  diskGb: number;
  gpu: { model: string; count: number } | null;
  priceMonthlyCents: number;
  priceYearlyCents: number;
}

export const clusterTiers = pgTable(
  'cluster_tiers',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    sla: text('sla').notNull(),
    nodeSizes: jsonb('node_sizes').$type<NodeSizeRow[]>().notNull(),
    nodePriceMonthlyCents: integer('node_price_monthly_cents').notNull(),
    nodePriceYearlyCents: integer('node_price_yearly_cents').notNull(),
    controlPlanePriceMonthlyCents: integer('control_plane_price_monthly_cents').notNull(),
    controlPlanePriceYearlyCents: integer('control_plane_price_yearly_cents').notNull(),
    /** Extra for a control plane over three zones: null where the tier does not offer one. */
    haControlPlanePriceMonthlyCents: integer('ha_control_plane_price_monthly_cents'),
    haControlPlanePriceYearlyCents: integer('ha_control_plane_price_yearly_cents'),
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

/*
 * Providers, regions, Kubernetes versions and support plans: seeded by their migration (they
 * change with a migration, not with the demo data), read by the catalog service.
 */

export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The provider's managed Kubernetes product, e.g. GKE. */
    service: text('service').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('providers_slug_key').on(t.slug)],
);

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    code: text('code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    jurisdiction: text('jurisdiction', { enum: ['eu', 'non_eu'] }).notNull(),
    /** Multiplies the region's infrastructure prices: 10000 is ×1.00. */
    priceFactorBasisPoints: integer('price_factor_basis_points').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('regions_provider_code_key').on(t.providerId, t.code)],
);

export const kubernetesVersions = pgTable(
  'kubernetes_versions',
  {
    id: serial('id').primaryKey(),
    /** e.g. 1.34: what a configuration names. */
    minor: text('minor').notNull(),
    latestPatch: text('latest_patch').notNull(),
    endOfSupport: date('end_of_support', { mode: 'string' }).notNull(),
    /** Its patch releases, oldest first, with their upstream dates (later ones are scheduled). */
    patches: jsonb('patches').$type<KubernetesPatch[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [uniqueIndex('kubernetes_versions_minor_key').on(t.minor)],
);

export const supportPlans = pgTable(
  'support_plans',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** First response, in minutes, by severity; null where the plan does not cover it. */
    responseMinutes: jsonb('response_minutes')
      .$type<{ urgent: number | null; high: number | null; normal: number; low: number }>()
      .notNull(),
    priceMonthlyCents: integer('price_monthly_cents').notNull(),
    priceYearlyCents: integer('price_yearly_cents').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('support_plans_slug_key').on(t.slug)],
);
