import type { Catalog } from '@alpenkube/contract/catalog';
import type { ClusterConfig, NodePoolConfig } from '@alpenkube/contract/pricing';
import { findProvider, findTier } from './cluster-config-rules';

/** Which answer a line describes, so a page can link it to where it is changed. */
export type ConfigurationPart =
  'tier' | 'location' | 'version' | 'nodePools' | 'controlPlane' | 'addons' | 'supportPlan';

/** One line of a configuration as people read it; a list reads one entry per line. */
export interface ConfigurationItem {
  part: ConfigurationPart;
  label: string;
  value: string | string[];
}

function poolText(pool: NodePoolConfig) {
  const autoscale =
    pool.autoscaleMin !== undefined && pool.autoscaleMax !== undefined
      ? `, autoscaling ${pool.autoscaleMin} to ${pool.autoscaleMax}`
      : '';
  return `${pool.name}: ${pool.count} × ${pool.size}${autoscale}`;
}

/**
 * A cluster configuration in words, as the wizard's review and an order's page show it: the
 * catalog's names where it has them; without the catalog (still loading) or for an entry it no
 * longer lists, the configuration's own codes stand.
 */
export function describeCluster(
  config: ClusterConfig,
  catalog: Catalog | undefined,
): ConfigurationItem[] {
  const tier = catalog && findTier(catalog, config.tier);
  const provider = catalog && findProvider(catalog, config.provider);
  const region = provider?.regions.find((candidate) => candidate.code === config.region);
  const version = catalog?.kubernetesVersions.find(
    (candidate) => candidate.minor === config.kubernetesVersion,
  );
  const plan = catalog?.supportPlans.find((candidate) => candidate.slug === config.supportPlan);
  const addonName = (slug: string) =>
    catalog?.addons.find((candidate) => candidate.slug === slug)?.name ?? slug;
  const where = region
    ? `${region.city} (${region.code}, ${region.jurisdiction === 'eu' ? 'EU' : 'outside the EU'})`
    : config.region;

  return [
    { part: 'tier', label: 'Tier', value: tier?.name ?? config.tier },
    {
      part: 'location',
      label: 'Provider and region',
      value: `${provider?.name ?? config.provider}, ${where}`,
    },
    {
      part: 'version',
      label: 'Kubernetes version',
      value: version ? `${version.minor} (patch ${version.latestPatch})` : config.kubernetesVersion,
    },
    { part: 'nodePools', label: 'Node pools', value: config.nodePools.map(poolText) },
    {
      part: 'controlPlane',
      label: 'Control plane',
      value: config.haControlPlane ? 'High availability (3 zones)' : 'Single zone',
    },
    {
      part: 'addons',
      label: 'Add-ons',
      value: config.addons.length ? config.addons.map(addonName) : 'None',
    },
    { part: 'supportPlan', label: 'Support plan', value: plan?.name ?? config.supportPlan },
  ];
}
