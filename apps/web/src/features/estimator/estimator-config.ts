import type { Catalog, Tier } from '@alpenkube/contract';
import type { BillingCycle, ClusterConfig, NodePoolConfig } from '@alpenkube/contract/pricing';
import {
  decodeClusterConfig,
  encodeClusterConfig,
  type PartialClusterConfig,
} from '@/lib/catalog/config-url';

/**
 * The estimator's rules on a configuration, pure so they are tested without a page: the
 * catalog's defaults, what changing the tier or the provider carries over, new pools, and the
 * query string the page, its copied link and "Order this configuration" share.
 */

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

function tierOf(catalog: Catalog, slug: string): Tier | undefined {
  return catalog.tiers.find((tier) => tier.slug === slug);
}

/** HA where it is included (priced 0) is always on; where it is not offered, always off. */
function haFor(tier: Tier | undefined, wanted: boolean): boolean {
  if (!tier || tier.haControlPlanePriceMonthly === null) return false;
  return tier.haControlPlanePriceMonthly === 0 ? true : wanted;
}

export function defaultPool(tier: Tier | undefined, name = 'pool-1'): NodePoolConfig {
  return { name, size: tier?.nodeSizes[0]?.name ?? '', count: tier?.minNodes ?? 1 };
}

/** Every field the URL leaves out, from the catalog: its first tier, default provider, etc. */
export function withDefaults(
  partial: PartialClusterConfig,
  catalog: Catalog,
  billingCycle: BillingCycle,
): ClusterConfig {
  const tierSlug = partial.tier ?? catalog.tiers[0]?.slug ?? '';
  const tier = tierOf(catalog, tierSlug);
  const provider =
    catalog.providers.find((candidate) => candidate.slug === partial.provider) ??
    catalog.providers.find((candidate) => candidate.isDefault) ??
    catalog.providers[0];
  const version =
    catalog.kubernetesVersions.find((candidate) => candidate.isDefault) ??
    catalog.kubernetesVersions[0];
  return {
    tier: tierSlug,
    provider: partial.provider ?? provider?.slug ?? '',
    region: partial.region ?? provider?.regions[0]?.code ?? '',
    kubernetesVersion: partial.kubernetesVersion ?? version?.minor ?? '',
    nodePools: partial.nodePools ?? [defaultPool(tier)],
    haControlPlane:
      tier?.haControlPlanePriceMonthly === 0 ? true : (partial.haControlPlane ?? false),
    addons: partial.addons ?? [],
    supportPlan: partial.supportPlan ?? catalog.supportPlans[0]?.slug ?? '',
    billingCycle: partial.billingCycle ?? billingCycle,
  };
}

/**
 * A pool fitted into a tier: a size the tier offers, a count within its limits, and the
 * autoscaler's bounds around the count.
 */
function fitPool(pool: NodePoolConfig, tier: Tier, count: number): NodePoolConfig {
  const size = tier.nodeSizes.some((option) => option.name === pool.size)
    ? pool.size
    : (tier.nodeSizes[0]?.name ?? pool.size);
  const fitted: NodePoolConfig = { name: pool.name, size, count };
  if (pool.autoscaleMin !== undefined && pool.autoscaleMax !== undefined) {
    fitted.autoscaleMax = clamp(pool.autoscaleMax, count, tier.maxNodes);
    fitted.autoscaleMin = clamp(pool.autoscaleMin, 0, count);
  }
  return fitted;
}

/**
 * Another tier: add-ons and sizes it does not offer go, HA follows what it offers, and node
 * counts move into its limits (each pool, then the total: the first pool grows to the minimum,
 * the last ones shrink, and pools that cannot fit at all are dropped).
 */
export function changeTier(config: ClusterConfig, slug: string, catalog: Catalog): ClusterConfig {
  const tier = tierOf(catalog, slug);
  if (!tier) return { ...config, tier: slug };
  const counts = config.nodePools
    .slice(0, Math.max(1, tier.maxNodes))
    .map((pool) => clamp(pool.count, 1, tier.maxNodes));
  let total = counts.reduce((sum, count) => sum + count, 0);
  for (let index = counts.length - 1; index >= 0 && total > tier.maxNodes; index -= 1) {
    const cut = Math.min(counts[index]! - 1, total - tier.maxNodes);
    counts[index] = counts[index]! - cut;
    total -= cut;
  }
  if (total < tier.minNodes) counts[0] = counts[0]! + (tier.minNodes - total);
  return {
    ...config,
    tier: slug,
    nodePools: counts.map((count, index) => fitPool(config.nodePools[index]!, tier, count)),
    haControlPlane: haFor(tier, config.haControlPlane),
    addons: config.addons.filter((addon) =>
      catalog.addons.some(
        (candidate) => candidate.slug === addon && candidate.compatibleTiers.includes(slug),
      ),
    ),
  };
}

/** Another provider: the same region code if it has one, else its first region. */
export function changeProvider(
  config: ClusterConfig,
  slug: string,
  catalog: Catalog,
): ClusterConfig {
  const provider = catalog.providers.find((candidate) => candidate.slug === slug);
  const keeps = provider?.regions.some((region) => region.code === config.region);
  return {
    ...config,
    provider: slug,
    region: keeps ? config.region : (provider?.regions[0]?.code ?? config.region),
  };
}

/** A new pool: the next free name, the tier's first size, one node. */
export function addPool(config: ClusterConfig, catalog: Catalog): ClusterConfig {
  const names = new Set(config.nodePools.map((pool) => pool.name));
  let number = config.nodePools.length + 1;
  while (names.has(`pool-${number}`)) number += 1;
  const pool = { ...defaultPool(tierOf(catalog, config.tier), `pool-${number}`), count: 1 };
  return { ...config, nodePools: [...config.nodePools, pool] };
}

/** Turning the autoscaler on starts it at the count, up to twice the count within the tier. */
export function autoscaleBounds(pool: NodePoolConfig, tier: Tier | undefined) {
  const ceiling = tier?.maxNodes ?? pool.count * 2;
  return { autoscaleMin: pool.count, autoscaleMax: clamp(pool.count * 2, pool.count, ceiling) };
}

/**
 * The configuration's query string. `URLSearchParams` escapes the codec's ':' and ',' which
 * are safe in a query; left readable, a shared link shows what it configures.
 */
export function configQuery(config: PartialClusterConfig): string {
  return encodeClusterConfig(config).toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

export function readConfigQuery(
  search: string,
  catalog: Catalog,
  billingCycle: BillingCycle,
): ClusterConfig {
  return withDefaults(decodeClusterConfig(new URLSearchParams(search)), catalog, billingCycle);
}
