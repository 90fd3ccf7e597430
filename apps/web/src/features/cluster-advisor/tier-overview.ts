import type { Catalog, Provider, Region } from '@alpenkube/contract/catalog';
import type { NodeSize, Tier } from '@alpenkube/contract';
import { applyPriceFactor, priceCluster } from '@alpenkube/contract/pricing';
import { paths } from '@/config/paths';
import { configFromLink, findProvider, haOffer } from '@/lib/catalog/cluster-config-rules';
import { clusterConfigQuery } from '@/lib/catalog/config-url';

/**
 * What the cluster-selection page compares for each tier: its node sizes, its prices in the
 * region every tier is compared in (the price engine's, with that region's factor), its limits,
 * and the wizard's link with the tier chosen.
 */
export interface TierOverview {
  tier: Tier;
  /** Smallest and largest by vCPU, then memory. */
  smallest: NodeSize;
  largest: NodeSize;
  /** Per node and month, minor units of USD. */
  nodePrice: { from: number; to: number };
  controlPlaneMonthly: number;
  ha: { offer: ReturnType<typeof haOffer>; monthly: number };
  /** The control plane and the tier's minimum of its smallest nodes, a month. */
  startingMonthly: number;
  gpuModels: string[];
  configurePath: string;
}

export interface TierComparison {
  provider: Provider;
  region: Region;
  tiers: TierOverview[];
}

const bySize = (a: NodeSize, b: NodeSize) => a.vcpu - b.vcpu || a.memoryGb - b.memoryGb;

/** The wizard with the tier chosen; every other answer starts from the catalog's defaults. */
function configurePath(tier: Pick<Tier, 'slug'>): string {
  return `${paths.configureCluster}?${clusterConfigQuery({ tier: tier.slug })}`;
}

function overview(tier: Tier, catalog: Catalog): TierOverview | undefined {
  const sizes = [...tier.nodeSizes].sort(bySize);
  const prices = tier.nodeSizes.map((size) => size.priceMonthly);
  const smallest = sizes[0];
  const largest = sizes[sizes.length - 1];
  if (!smallest || !largest) return undefined;
  // The tier's first configuration, as the wizard opens it: the default provider's first region.
  const quote = priceCluster(configFromLink({ tier: tier.slug }, catalog, 'monthly'), catalog);
  const factor = quote.regionFactorBasisPoints;
  const regional = (cents: number) => applyPriceFactor(cents, factor);
  const sum = (kind: string) =>
    quote.lines
      .filter((line) => line.kind === kind)
      .reduce((total, line) => total + line.monthly, 0);
  return {
    tier,
    smallest,
    largest,
    nodePrice: { from: regional(Math.min(...prices)), to: regional(Math.max(...prices)) },
    controlPlaneMonthly: sum('control_plane'),
    ha: { offer: haOffer(tier), monthly: regional(tier.haControlPlanePriceMonthly ?? 0) },
    startingMonthly: sum('control_plane') + sum('nodes'),
    gpuModels: [...new Set(sizes.flatMap((size) => (size.gpu ? [size.gpu.model] : [])))],
    configurePath: configurePath(tier),
  };
}

/** Every tier of the catalog with a node size, in the catalog's order. */
export function compareTiers(catalog: Catalog): TierComparison | undefined {
  const start = configFromLink({}, catalog, 'monthly');
  const provider = findProvider(catalog, start.provider);
  const region = provider?.regions.find((candidate) => candidate.code === start.region);
  if (!provider || !region) return undefined;
  const tiers = catalog.tiers
    .map((tier) => overview(tier, catalog))
    .filter((entry): entry is TierOverview => entry !== undefined);
  return { provider, region, tiers };
}
