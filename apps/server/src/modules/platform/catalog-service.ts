import { asc, sql } from 'drizzle-orm';
import type { Addon, Tier } from '@alpenkube/contract';
import { addons, clusterTiers } from '../../db/schema.ts';
import type { Database, Db } from '../../db/client.ts';
import { prewrittenJson, type PrewrittenJson } from '../../http/prewritten-json.ts';
import { ADDON_CATALOG } from './addon-catalog.ts';
import { TIER_CATALOG } from './tier-catalog.ts';

/** Every instance hears this when the catalog tables change, and reloads its copy. */
export const CATALOG_CHANNEL = 'catalog_changed';

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

/**
 * Keeps the tier and add-on tables equal to the catalogs in code (prices change with a deploy),
 * and tells every instance to reload.
 */
export async function syncCatalogs(db: Db) {
  await db.transaction(async (tx) => {
    for (const tier of TIER_CATALOG) {
      await tx
        .insert(clusterTiers)
        .values(tier)
        .onConflictDoUpdate({ target: clusterTiers.slug, set: tier });
    }
    for (const addon of ADDON_CATALOG) {
      await tx.insert(addons).values(addon).onConflictDoUpdate({ target: addons.slug, set: addon });
    }
    await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
  });
}

async function readTiers(db: Db): Promise<Tier[]> {
  const rows = await db.select().from(clusterTiers).orderBy(asc(clusterTiers.sortOrder));
  return rows.map(toTier);
}

async function readAddons(db: Db): Promise<Addon[]> {
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

interface Snapshot {
  tiers: PrewrittenJson<Tier[]>;
  addons: PrewrittenJson<Addon[]>;
}

/**
 * The catalog (tiers and add-ons) in memory: the footer of every page asks for the tiers, so
 * they must not cost a query each. Loaded on first use; dropped when any instance changes the
 * catalog (CATALOG_CHANNEL), and reloaded on the next read.
 */
export function createCatalogService(database: Database) {
  const { db } = database;
  let snapshot: Promise<Snapshot> | null = null;
  let generation = 0;

  function load(): Promise<Snapshot> {
    const started = generation;
    const loading = Promise.all([readTiers(db), readAddons(db)]).then(([tiers, list]) => ({
      tiers: prewrittenJson(tiers),
      addons: prewrittenJson(list),
    }));
    snapshot = loading;
    // A failed read is not kept, and a read overtaken by a change is not kept either.
    loading.catch(() => {
      if (snapshot === loading) snapshot = null;
    });
    void loading.then(() => {
      if (generation !== started && snapshot === loading) snapshot = null;
    });
    return loading;
  }

  const current = () => snapshot ?? load();

  function invalidate() {
    generation += 1;
    snapshot = null;
  }

  return {
    /**
     * Listens for catalog changes from every instance, and reloads after the LISTEN connection
     * came back (a change may have been announced meanwhile); answers the unsubscribe.
     */
    async start() {
      const unlisten = await database.listen(CATALOG_CHANNEL, invalidate);
      const unwatch = database.onReconnect(invalidate);
      return async () => {
        unwatch();
        await unlisten();
      };
    },
    tiers: async () => (await current()).tiers,
    addons: async () => (await current()).addons,
    invalidate,
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
