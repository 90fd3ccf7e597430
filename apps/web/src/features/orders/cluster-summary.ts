import type { Catalog, ClusterOrderConfig } from '@alpenkube/contract';

/** One line of the configuration as people read it. */
export interface ConfigurationItem {
  label: string;
  value: string | string[];
}

function poolText(pool: ClusterOrderConfig['nodePools'][number]) {
  const autoscale =
    pool.autoscaleMin !== undefined && pool.autoscaleMax !== undefined
      ? `, autoscaling ${pool.autoscaleMin} to ${pool.autoscaleMax}`
      : '';
  return `${pool.name}: ${pool.count} × ${pool.size}${autoscale}`;
}

/**
 * The ordered configuration in words, with the catalog's names where it has them; without the
 * catalog (still loading, or an entry since retired) the configuration's own codes stand.
 */
export function describeCluster(
  config: ClusterOrderConfig,
  catalog: Catalog | undefined,
): ConfigurationItem[] {
  const tier = catalog?.tiers.find((item) => item.slug === config.tier);
  const provider = catalog?.providers.find((item) => item.slug === config.provider);
  const region = provider?.regions.find((item) => item.code === config.region);
  const version = catalog?.kubernetesVersions.find(
    (item) => item.minor === config.kubernetesVersion,
  );
  const plan = catalog?.supportPlans.find((item) => item.slug === config.supportPlan);
  const addonName = (slug: string) =>
    catalog?.addons.find((item) => item.slug === slug)?.name ?? slug;

  return [
    { label: 'Cluster name', value: config.name },
    { label: 'Tier', value: tier?.name ?? config.tier },
    {
      label: 'Provider and region',
      value: `${provider?.name ?? config.provider}, ${
        region ? `${region.city} (${region.code})` : config.region
      }`,
    },
    {
      label: 'Kubernetes version',
      value: version ? `${version.minor} (${version.latestPatch})` : config.kubernetesVersion,
    },
    { label: 'Node pools', value: config.nodePools.map(poolText) },
    {
      label: 'Control plane',
      value: config.haControlPlane ? 'Highly available, over three zones' : 'Single zone',
    },
    { label: 'Add-ons', value: config.addons.length ? config.addons.map(addonName) : 'None' },
    { label: 'Support plan', value: plan?.name ?? config.supportPlan },
  ];
}
