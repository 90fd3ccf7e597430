import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Addon, Tier } from '@alpenkube/contract';
import { addons, clusters, clusterTiers, orders } from '../../db/schema.ts';
import { ADDON_CATALOG } from './addon-catalog.ts';
import type { Db } from '../../db/client.ts';
import { TIER_CATALOG } from './tier-catalog.ts';

type TierRow = typeof clusterTiers.$inferSelect;

/** "From" price of a tier: its control plane and its minimum node count. */
export function toTier(row: TierRow): Tier {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    sla: row.sla,
    nodeSizes: row.nodeSizes,
    nodePriceMonthly: row.nodePriceMonthlyCents,
    nodePriceYearly: row.nodePriceYearlyCents,
    controlPlanePriceMonthly: row.controlPlanePriceMonthlyCents,
    controlPlanePriceYearly: row.controlPlanePriceYearlyCents,
    priceMonthly: row.controlPlanePriceMonthlyCents + row.minNodes * row.nodePriceMonthlyCents,
    priceYearly: row.controlPlanePriceYearlyCents + row.minNodes * row.nodePriceYearlyCents,
    minNodes: row.minNodes,
    maxNodes: row.maxNodes,
    features: row.features,
  };
}

/** Keeps the tier and add-on tables equal to the catalogs in code (prices change with a deploy). */
export async function syncCatalogs(db: Db) {
  for (const tier of TIER_CATALOG) {
    await db
      .insert(clusterTiers)
      .values(tier)
      .onConflictDoUpdate({ target: clusterTiers.slug, set: tier });
  }
  for (const addon of ADDON_CATALOG) {
    await db.insert(addons).values(addon).onConflictDoUpdate({ target: addons.slug, set: addon });
  }
}

export async function listAddons(db: Db): Promise<Addon[]> {
  const rows = await db.select().from(addons).orderBy(asc(addons.sortOrder));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    priceMonthly: row.priceMonthlyCents,
    priceYearly: row.priceYearlyCents,
    unit: row.unit,
    compatibleTiers: row.compatibleTiers,
  }));
}

export async function listTiers(db: Db): Promise<Tier[]> {
  const rows = await db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder));
  return rows.map(toTier);
}

export async function sidebarCounts(db: Db, organizationId: number) {
  const [clusterCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clusters)
    .where(and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted')));
  const [orderCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.organizationId, organizationId));
  return { clusters: clusterCount?.count ?? 0, orders: { total: orderCount?.count ?? 0 } };
}
