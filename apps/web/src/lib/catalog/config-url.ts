import type { BillingCycle, ClusterConfig, NodePoolConfig } from '@alpenkube/contract/pricing';

/**
 * A cluster configuration in a URL's query, readable and short, so that a copied estimator link
 * reopens the same configuration and "Order this configuration" opens the wizard prefilled:
 * `?tier=standard&provider=alpenkube&region=eu-fr-par&version=1.34&pool=workers:s-4vcpu:3:2:6
 * &ha=1&addons=monitoring,backup&support=business&cycle=yearly`.
 *
 * A pool is `name:size:count`, with `:min:max` when it autoscales. Reading is lenient: what is
 * missing or unreadable is left out, and the page fills it from the catalog's defaults; what
 * is read is checked by the same schema as any other input before it is priced.
 */
export type PartialClusterConfig = Partial<ClusterConfig>;

function encodePool(pool: NodePoolConfig): string {
  const base = `${pool.name}:${pool.size}:${pool.count}`;
  return pool.autoscaleMin !== undefined && pool.autoscaleMax !== undefined
    ? `${base}:${pool.autoscaleMin}:${pool.autoscaleMax}`
    : base;
}

function decodePool(text: string): NodePoolConfig | undefined {
  const [name, size, count, min, max] = text.split(':');
  const whole = (value: string | undefined) =>
    value !== undefined && /^[0-9]{1,4}$/.test(value) ? Number(value) : undefined;
  if (!name || !size || whole(count) === undefined) return undefined;
  const pool: NodePoolConfig = { name, size, count: whole(count)! };
  if (whole(min) !== undefined && whole(max) !== undefined) {
    pool.autoscaleMin = whole(min);
    pool.autoscaleMax = whole(max);
  }
  return pool;
}

export function encodeClusterConfig(config: PartialClusterConfig): URLSearchParams {
  const params = new URLSearchParams();
  if (config.tier) params.set('tier', config.tier);
  if (config.provider) params.set('provider', config.provider);
  if (config.region) params.set('region', config.region);
  if (config.kubernetesVersion) params.set('version', config.kubernetesVersion);
  for (const pool of config.nodePools ?? []) params.append('pool', encodePool(pool));
  if (config.haControlPlane) params.set('ha', '1');
  if (config.addons?.length) params.set('addons', config.addons.join(','));
  if (config.supportPlan) params.set('support', config.supportPlan);
  if (config.billingCycle) params.set('cycle', config.billingCycle);
  return params;
}

/** Every query parameter a configuration link may carry. */
export const CLUSTER_CONFIG_PARAMS = [
  'tier',
  'provider',
  'region',
  'version',
  'pool',
  'ha',
  'addons',
  'support',
  'cycle',
] as const;

/**
 * The configuration as a query string to show and share. `URLSearchParams` escapes the ':' and
 * ',' of pools and add-ons, which are safe in a query; left readable, a link shows what it holds.
 */
export function clusterConfigQuery(config: PartialClusterConfig): string {
  return encodeClusterConfig(config).toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

export function decodeClusterConfig(params: URLSearchParams): PartialClusterConfig {
  const config: PartialClusterConfig = {};
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const tier = text('tier');
  if (tier) config.tier = tier;
  const provider = text('provider');
  if (provider) config.provider = provider;
  const region = text('region');
  if (region) config.region = region;
  const version = text('version');
  if (version) config.kubernetesVersion = version;
  const pools = params
    .getAll('pool')
    .map(decodePool)
    .filter((pool): pool is NodePoolConfig => pool !== undefined);
  if (pools.length) config.nodePools = pools;
  if (params.has('ha')) config.haControlPlane = params.get('ha') === '1';
  const addons = text('addons');
  if (addons) config.addons = addons.split(',').filter(Boolean);
  const support = text('support');
  if (support) config.supportPlan = support;
  const cycle = text('cycle');
  if (cycle === 'monthly' || cycle === 'yearly') config.billingCycle = cycle satisfies BillingCycle;
  return config;
}
