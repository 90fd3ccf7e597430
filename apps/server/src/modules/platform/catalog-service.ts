import { asc, sql } from 'drizzle-orm';
import type { Addon, Catalog, Provider, Tier } from '@alpenkube/contract';
import {
  addons,
  clusterTiers,
  kubernetesVersions,
  providers,
  regions,
  supportPlans,
} from './schema.ts';
import type { Database, Db } from '../../db/client.ts';
import { prewrittenJson, type PrewrittenJson } from '../../http/prewritten-json.ts';
import { ADDON_CATALOG } from './addon-catalog.ts';
import { SUPPORT_PLAN_CATALOG } from './support-plan-catalog.ts';
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
    nodeSizes: row.nodeSizes.map(({ priceMonthlyCents, priceYearlyCents, ...size }) => ({
      ...size,
      priceMonthly: priceMonthlyCents,
      priceYearly: priceYearlyCents,
    })),
    nodePriceMonthly: row.nodePriceMonthlyCents,
    nodePriceYearly: row.nodePriceYearlyCents,
    controlPlanePriceMonthly: row.controlPlanePriceMonthlyCents,
    controlPlanePriceYearly: row.controlPlanePriceYearlyCents,
    haControlPlanePriceMonthly: row.haControlPlanePriceMonthlyCents,
    haControlPlanePriceYearly: row.haControlPlanePriceYearlyCents,
    priceMonthly: row.controlPlanePriceMonthlyCents + row.minNodes * row.nodePriceMonthlyCents,
    priceYearly: row.controlPlanePriceYearlyCents + row.minNodes * row.nodePriceYearlyCents,
    minNodes: row.minNodes,
    maxNodes: row.maxNodes,
    features: row.features,
  };
}

/**
 * Keeps the tier, add-on and support-plan tables equal to the catalogs in code (prices and texts
 * change with a deploy), and tells every instance to reload.
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
    for (const plan of SUPPORT_PLAN_CATALOG) {
      await tx
        .insert(supportPlans)
        .values(plan)
        .onConflictDoUpdate({ target: supportPlans.slug, set: plan });
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

async function readProviders(db: Db): Promise<Provider[]> {
  const [providerRows, regionRows] = await Promise.all([
    db.select().from(providers).orderBy(asc(providers.sortOrder)),
    db.select().from(regions).orderBy(asc(regions.providerId), asc(regions.sortOrder)),
  ]);
  return providerRows.map((provider) => ({
    slug: provider.slug,
    name: provider.name,
    service: provider.service,
    isDefault: provider.isDefault,
    regions: regionRows
      .filter((region) => region.providerId === provider.id)
      .map(({ code, city, country, jurisdiction, priceFactorBasisPoints }) => ({
        code,
        city,
        country,
        jurisdiction,
        priceFactorBasisPoints,
      })),
  }));
}

async function readRest(db: Db) {
  const [versions, plans] = await Promise.all([
    // Newest first: "1.37" sorts after "1.9" only as numbers.
    db
      .select()
      .from(kubernetesVersions)
      .orderBy(sql`string_to_array(${kubernetesVersions.minor}, '.')::int[] desc`),
    db.select().from(supportPlans).orderBy(asc(supportPlans.sortOrder)),
  ]);
  return {
    kubernetesVersions: versions.map(
      ({ minor, latestPatch, patches, endOfSupport, isDefault }) => ({
        minor,
        latestPatch,
        patches,
        endOfSupport,
        isDefault,
      }),
    ),
    supportPlans: plans.map((plan) => ({
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      responseMinutes: plan.responseMinutes,
      priceMonthly: plan.priceMonthlyCents,
      priceYearly: plan.priceYearlyCents,
    })),
  };
}

interface Snapshot {
  tiers: PrewrittenJson<Tier[]>;
  addons: PrewrittenJson<Addon[]>;
  catalog: PrewrittenJson<Catalog>;
}

/**
 * The catalog (tiers, add-ons, providers, versions, support plans) in memory: the footer of every page asks for the tiers, so
 * they must not cost a query each. Loaded on first use; dropped when any instance changes the
 * catalog (CATALOG_CHANNEL), and reloaded on the next read.
 */
export function createCatalogService(database: Database) {
  const { db } = database;
  let snapshot: Promise<Snapshot> | null = null;
  let generation = 0;

  function load(): Promise<Snapshot> {
    const started = generation;
    const loading = Promise.all([
      readTiers(db),
      readAddons(db),
      readProviders(db),
      readRest(db),
    ]).then(([tiers, list, providerList, rest]) => ({
      tiers: prewrittenJson(tiers),
      addons: prewrittenJson(list),
      catalog: prewrittenJson<Catalog>({
        currency: 'USD',
        tiers,
        providers: providerList,
        kubernetesVersions: rest.kubernetesVersions,
        addons: list,
        supportPlans: rest.supportPlans,
      }),
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
    /** The whole catalog in one document: what the price engine and the wizard read. */
    catalog: async () => (await current()).catalog,
    invalidate,
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
