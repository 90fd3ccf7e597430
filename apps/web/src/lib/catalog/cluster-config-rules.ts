import type { Catalog, Provider } from '@alpenkube/contract/catalog';
import type { Tier } from '@alpenkube/contract';
import type { BillingCycle, ClusterConfig, NodePoolConfig } from '@alpenkube/contract/pricing';
import type { PartialClusterConfig } from './config-url';

/**
 * The rules the catalog sets on a cluster configuration, one set for the price estimator and the
 * cluster wizard: where a configuration starts, what a link's configuration opens as, and how a
 * configuration fits another tier or provider. Pure, so they are tested without a page. Whether a
 * configuration is valid is the contract's schema (`clusterConfigSchema`), not this module: these
 * rules only keep the answers the user did not touch inside what the catalog offers.
 */

export { MAX_NODE_POOLS } from '@alpenkube/contract/cluster-config';

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

export function findTier(catalog: Catalog, slug: string): Tier | undefined {
  return catalog.tiers.find((tier) => tier.slug === slug);
}

export function findProvider(catalog: Catalog, slug: string): Provider | undefined {
  return catalog.providers.find((provider) => provider.slug === slug);
}

/** The tier's node limits in words: "3 to 50 nodes", or "1 node" where it takes one count. */
export function nodeLimits(tier: Tier): string {
  const range =
    tier.minNodes === tier.maxNodes ? `${tier.minNodes}` : `${tier.minNodes} to ${tier.maxNodes}`;
  return `${range} ${tier.maxNodes === 1 ? 'node' : 'nodes'}`;
}

/** The provider's first region, among the EU ones when only those are shown (if it has any). */
export function firstRegion(provider: Provider | undefined, euOnly = false): string {
  const regions = provider?.regions ?? [];
  const shown = euOnly ? regions.filter((region) => region.jurisdiction === 'eu') : regions;
  return (shown[0] ?? regions[0])?.code ?? '';
}

/**
 * A first node pool: the tier's smallest size at its minimum node count, so a tier's first price
 * is the "from" price the public pages show for it (control plane and minimum nodes).
 */
export function startingPool(tier: Tier | undefined, name = 'pool-1'): NodePoolConfig {
  return { name, size: tier?.nodeSizes[0]?.name ?? '', count: tier?.minNodes ?? 1 };
}

/** A pool name not yet taken: `pool-2`, `pool-3`… */
export function nextPoolName(pools: readonly NodePoolConfig[]): string {
  const taken = new Set(pools.map((pool) => pool.name));
  let number = pools.length + 1;
  while (taken.has(`pool-${number}`)) number += 1;
  return `pool-${number}`;
}

/** A pool added beside `pools`: the next free name, the tier's smallest size, one node. */
export function addedPool(pools: readonly NodePoolConfig[], tier: Tier | undefined) {
  return { ...startingPool(tier, nextPoolName(pools)), count: 1 };
}

/**
 * Autoscaling turned on: from the node count up to twice it, within the tier. A count not yet
 * typed (NaN in a number field) starts the bounds at one node.
 */
export function autoscaleBounds(count: number, tier: Tier | undefined) {
  const from = Number.isFinite(count) ? count : 1;
  const ceiling = tier?.maxNodes ?? from * 2;
  return { autoscaleMin: from, autoscaleMax: clamp(from * 2, from, ceiling) };
}

/**
 * How a tier offers the high-availability control plane: not at all, as part of the tier (priced
 * 0: always on, not a choice), or for a price.
 */
export function haOffer(tier: Tier | undefined): 'none' | 'included' | 'extra' {
  const price = tier?.haControlPlanePriceMonthly ?? null;
  return price === null ? 'none' : price === 0 ? 'included' : 'extra';
}

/** Whether the HA control plane can be switched: never where included; where not offered, only off. */
export function haSwitchable(tier: Tier | undefined, on: boolean): boolean {
  const offer = haOffer(tier);
  return offer === 'extra' || (offer === 'none' && on);
}

/**
 * A link's configuration (the estimator's query, "Order this configuration", a tier page's
 * `?tier=`) with every field it leaves out taken from the catalog: its first tier, the default
 * provider and its first region, the default Kubernetes version, the tier's starting pool, the
 * cheapest support plan. What the link gives is kept as it is, so a copied link reopens exactly
 * what was copied; where the catalog does not accept it, the schema's messages say so on the
 * field. Only an HA control plane the tier includes is switched on: it is not a choice there.
 */
export function configFromLink(
  link: PartialClusterConfig,
  catalog: Catalog,
  billingCycle: BillingCycle,
): ClusterConfig {
  const tier = link.tier ? findTier(catalog, link.tier) : catalog.tiers[0];
  const provider =
    (link.provider ? findProvider(catalog, link.provider) : undefined) ??
    catalog.providers.find((candidate) => candidate.isDefault) ??
    catalog.providers[0];
  const version =
    catalog.kubernetesVersions.find((candidate) => candidate.isDefault) ??
    catalog.kubernetesVersions[0];
  const plan = [...catalog.supportPlans].sort((a, b) => a.priceMonthly - b.priceMonthly)[0];
  return {
    tier: link.tier ?? tier?.slug ?? '',
    provider: link.provider ?? provider?.slug ?? '',
    region: link.region ?? firstRegion(provider),
    kubernetesVersion: link.kubernetesVersion ?? version?.minor ?? '',
    nodePools: link.nodePools?.length ? link.nodePools : [startingPool(tier ?? catalog.tiers[0])],
    haControlPlane: haOffer(tier) === 'included' || (link.haControlPlane ?? false),
    addons: link.addons ?? [],
    supportPlan: link.supportPlan ?? plan?.slug ?? '',
    billingCycle: link.billingCycle ?? billingCycle,
  };
}

/** A pool in a tier: a size it offers and the autoscaler's bounds around the new count. */
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
 * The node counts moved into a tier's limits: each pool's, then the total's (the last pools
 * shrink, the first grows to the minimum, pools that cannot have a node at all are dropped).
 * A count not yet typed (NaN) stays so: the schema asks for it.
 */
function fitCounts(pools: readonly NodePoolConfig[], tier: Tier): number[] {
  const counts = pools
    .slice(0, Math.max(1, tier.maxNodes))
    .map((pool) => clamp(pool.count, 1, tier.maxNodes));
  let total = counts.reduce((sum, count) => sum + count, 0);
  for (let index = counts.length - 1; index >= 0 && total > tier.maxNodes; index -= 1) {
    const cut = Math.min(counts[index]! - 1, total - tier.maxNodes);
    counts[index] = counts[index]! - cut;
    total -= cut;
  }
  if (total < tier.minNodes) counts[0] = counts[0]! + (tier.minNodes - total);
  return counts;
}

const samePool = (a: NodePoolConfig, b: NodePoolConfig | undefined) =>
  b !== undefined &&
  a.size === b.size &&
  Object.is(a.count, b.count) &&
  a.autoscaleMin === b.autoscaleMin &&
  a.autoscaleMax === b.autoscaleMax;

export interface TierFit<T extends ClusterConfig> {
  config: T;
  /** The names of the chosen add-ons the tier does not offer, which were removed. */
  droppedAddons: string[];
  /** Whether a pool's size, count or bounds changed, or a pool was dropped, to fit the tier. */
  poolsChanged: boolean;
}

/**
 * The configuration moved to another tier: add-ons it does not offer go, node sizes it lacks
 * become its smallest, node counts move into its limits, and the HA control plane follows what
 * the tier offers. What changed is reported, so a page can say so.
 */
export function fitToTier<T extends ClusterConfig>(
  config: T,
  slug: string,
  catalog: Catalog,
): TierFit<T> {
  const tier = findTier(catalog, slug);
  if (!tier) return { config: { ...config, tier: slug }, droppedAddons: [], poolsChanged: false };

  const droppedAddons: string[] = [];
  const addons = config.addons.filter((chosen) => {
    const addon = catalog.addons.find((candidate) => candidate.slug === chosen);
    const keep = addon?.compatibleTiers.includes(slug) ?? false;
    if (!keep) droppedAddons.push(addon?.name ?? chosen);
    return keep;
  });
  const nodePools = fitCounts(config.nodePools, tier).map((count, index) =>
    fitPool(config.nodePools[index]!, tier, count),
  );
  const offer = haOffer(tier);
  return {
    config: {
      ...config,
      tier: slug,
      nodePools,
      haControlPlane: offer === 'included' || (offer === 'extra' && config.haControlPlane),
      addons,
    },
    droppedAddons,
    poolsChanged:
      nodePools.length !== config.nodePools.length ||
      nodePools.some((pool, index) => !samePool(pool, config.nodePools[index])),
  };
}

/**
 * The configuration moved to another provider: the same region code if the provider has it (and
 * it is shown), else the provider's first region shown.
 */
export function changeProvider<T extends ClusterConfig>(
  config: T,
  slug: string,
  catalog: Catalog,
  euOnly = false,
): T {
  const provider = findProvider(catalog, slug);
  const same = provider?.regions.find((region) => region.code === config.region);
  const keeps = same !== undefined && (!euOnly || same.jurisdiction === 'eu');
  return {
    ...config,
    provider: slug,
    region: keeps ? config.region : firstRegion(provider, euOnly) || config.region,
  };
}
