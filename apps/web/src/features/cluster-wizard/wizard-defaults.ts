import type { Catalog, Provider } from '@alpenkube/contract/catalog';
import type { Tier } from '@alpenkube/contract';
import type { BillingCycle, NodePoolConfig } from '@alpenkube/contract/pricing';
import type { PartialClusterConfig } from '@/lib/catalog/config-url';
import type { WizardValues } from './wizard-schema';

/** The node count a new cluster starts with, within the tier's limits. */
const STARTING_NODES = 3;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

export function findTier(catalog: Catalog, slug: string): Tier | undefined {
  return catalog.tiers.find((tier) => tier.slug === slug);
}

export function findProvider(catalog: Catalog, slug: string): Provider | undefined {
  return catalog.providers.find((provider) => provider.slug === slug);
}

/** A first node pool for `tier`: its smallest size, three nodes where the tier allows. */
export function startingPool(tier: Tier, name = 'workers'): NodePoolConfig {
  return {
    name,
    size: tier.nodeSizes[0]?.name ?? '',
    count: clamp(STARTING_NODES, tier.minNodes, tier.maxNodes),
  };
}

/** A pool name not yet taken: `pool-2`, `pool-3`… */
export function nextPoolName(pools: readonly NodePoolConfig[]): string {
  const taken = new Set(pools.map((pool) => pool.name));
  let number = pools.length + 1;
  while (taken.has(`pool-${number}`)) number += 1;
  return `pool-${number}`;
}

/** The provider's first region, among the EU ones when only those are shown. */
export function firstRegion(provider: Provider | undefined, euOnly: boolean): string {
  const regions = provider?.regions ?? [];
  const shown = euOnly ? regions.filter((region) => region.jurisdiction === 'eu') : regions;
  return (shown[0] ?? regions[0])?.code ?? '';
}

export interface TierAdaptation {
  values: WizardValues;
  /** Names of the chosen add-ons the new tier does not offer, which were removed. */
  droppedAddons: string[];
  /** Whether a node size or count had to change to fit the tier. */
  poolsChanged: boolean;
}

/**
 * The answers made to fit `tier`: add-ons it does not offer go, node sizes it lacks become its
 * smallest, counts move inside its limits, and a high-availability control plane it does not
 * offer is turned off. What changed is reported, so the wizard can say so.
 */
export function adaptToTier(values: WizardValues, tier: Tier, catalog: Catalog): TierAdaptation {
  const droppedAddons: string[] = [];
  const addons = values.addons.filter((slug) => {
    const addon = catalog.addons.find((candidate) => candidate.slug === slug);
    const keep = addon?.compatibleTiers.includes(tier.slug) ?? false;
    if (!keep) droppedAddons.push(addon?.name ?? slug);
    return keep;
  });

  let poolsChanged = false;
  const single = values.nodePools.length === 1;
  const nodePools = values.nodePools.map((pool) => {
    const size = tier.nodeSizes.some((option) => option.name === pool.size)
      ? pool.size
      : (tier.nodeSizes[0]?.name ?? pool.size);
    const count = single
      ? clamp(pool.count, tier.minNodes, tier.maxNodes)
      : clamp(pool.count, 1, tier.maxNodes);
    const adapted: NodePoolConfig = { ...pool, size, count };
    if (pool.autoscaleMin !== undefined && pool.autoscaleMax !== undefined) {
      adapted.autoscaleMax = clamp(pool.autoscaleMax, count, tier.maxNodes);
      adapted.autoscaleMin = clamp(pool.autoscaleMin, 0, count);
    }
    if (
      adapted.size !== pool.size ||
      adapted.count !== pool.count ||
      adapted.autoscaleMin !== pool.autoscaleMin ||
      adapted.autoscaleMax !== pool.autoscaleMax
    ) {
      poolsChanged = true;
    }
    return adapted;
  });

  const haOffered = tier.haControlPlanePriceMonthly !== null;
  return {
    values: {
      ...values,
      tier: tier.slug,
      addons,
      nodePools,
      haControlPlane: haOffered && values.haControlPlane,
    },
    droppedAddons,
    poolsChanged,
  };
}

/**
 * The wizard's first answers: what the link carried (the estimator's "Order this configuration",
 * a cluster-type page's `?tier=`) where the catalog knows it, the catalog's defaults elsewhere
 * (the default provider, the newest Kubernetes version, the free support plan).
 */
export function initialValues(
  catalog: Catalog,
  prefill: PartialClusterConfig,
  billingCycle: BillingCycle,
): WizardValues {
  const tier = (prefill.tier ? findTier(catalog, prefill.tier) : undefined) ?? catalog.tiers[0]!;
  const provider =
    (prefill.provider ? findProvider(catalog, prefill.provider) : undefined) ??
    catalog.providers.find((candidate) => candidate.isDefault) ??
    catalog.providers[0];
  const region = provider?.regions.some((candidate) => candidate.code === prefill.region)
    ? prefill.region!
    : firstRegion(provider, false);
  const version =
    catalog.kubernetesVersions.find((candidate) => candidate.minor === prefill.kubernetesVersion) ??
    catalog.kubernetesVersions.find((candidate) => candidate.isDefault) ??
    catalog.kubernetesVersions[0];
  const plan =
    catalog.supportPlans.find((candidate) => candidate.slug === prefill.supportPlan) ??
    [...catalog.supportPlans].sort((a, b) => a.priceMonthly - b.priceMonthly)[0];

  const values: WizardValues = {
    tier: tier.slug,
    provider: provider?.slug ?? '',
    region,
    kubernetesVersion: version?.minor ?? '',
    nodePools: prefill.nodePools?.length ? prefill.nodePools : [startingPool(tier)],
    haControlPlane: prefill.haControlPlane ?? false,
    addons: prefill.addons ?? [],
    supportPlan: plan?.slug ?? '',
    billingCycle: prefill.billingCycle ?? billingCycle,
    name: '',
    promoCode: '',
  };
  return adaptToTier(values, tier, catalog).values;
}

/** Whether a link carried any part of a configuration. */
export function hasPrefill(prefill: PartialClusterConfig): boolean {
  return Object.keys(prefill).length > 0;
}
