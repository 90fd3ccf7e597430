import type { Catalog, Provider, ProviderValidate } from '@alpenkube/contract';
import { firstRegion, haOffer, startingPool } from '@/lib/catalog/cluster-config-rules';

/** The pool the dry run names: one pool is enough to ask a driver about sizes and counts. */
export const DRY_RUN_POOL = 'general';

/**
 * Where the dry-run form starts: the catalog's first tier at its starting pool, the provider's
 * first region, the default Kubernetes version, and the HA control plane where the tier includes it.
 */
export function dryRunDefaults(catalog: Catalog, provider: Provider | undefined): ProviderValidate {
  const tier = catalog.tiers[0];
  const version =
    catalog.kubernetesVersions.find((candidate) => candidate.isDefault) ??
    catalog.kubernetesVersions[0];
  return {
    tier: tier?.slug ?? '',
    region: firstRegion(provider),
    kubernetesVersion: version?.minor ?? '',
    nodePools: [startingPool(tier, DRY_RUN_POOL)],
    haControlPlane: haOffer(tier) === 'included',
  };
}
