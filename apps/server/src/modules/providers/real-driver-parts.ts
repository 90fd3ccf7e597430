import {
  ProviderError,
  type DriverCluster,
  type DriverHealth,
  type DriverNodePool,
  type DriverStep,
  type ProviderDriver,
} from './provider-driver.ts';

/**
 * What every real provider's driver answers the same way today: its pools' plans from its own
 * join, shrink and removal steps, its add-ons' from its own add-on step (GKE's applies the add-on's
 * release manifest through the cluster's API, DOKS's installs DigitalOcean's 1-Click apps), no etcd snapshots, no egress figure, load
 * balancers made from inside the cluster (see docs/provider-drivers.md, "Not done on a real
 * cluster yet").
 */
export function realDriverParts(
  names: { service: string; short: string },
  plans: {
    joinSteps(cluster: DriverCluster, pool: DriverNodePool, target: number): DriverStep[];
    shrinkSteps(pool: DriverNodePool, target: number): DriverStep[];
    removePoolPlan(pool: DriverNodePool): DriverStep[];
    addonStep(slug: string, install: boolean): DriverStep;
  },
): Pick<
  ProviderDriver,
  | 'planScale'
  | 'planAddPool'
  | 'planRemovePool'
  | 'planInstallAddon'
  | 'planRemoveAddon'
  | 'planRestore'
  | 'takeBackup'
  | 'deleteBackup'
  | 'usage'
  | 'loadBalancerIp'
> {
  const notSupported = (what: string) =>
    new ProviderError(`${names.service} offers no ${what} through its API`, false);
  const poolOf = (cluster: DriverCluster, poolId: number) =>
    cluster.nodePools.find((candidate) => candidate.id === poolId)!;
  return {
    planScale(cluster, poolId, count) {
      const pool = poolOf(cluster, poolId);
      return count > pool.nodes.length
        ? plans.joinSteps(cluster, pool, count)
        : plans.shrinkSteps(pool, count);
    },
    planAddPool: (cluster, pool) => plans.joinSteps(cluster, pool, pool.count),
    planRemovePool: (cluster, poolId) => plans.removePoolPlan(poolOf(cluster, poolId)),
    planInstallAddon: (_cluster, slug) => [plans.addonStep(slug, true)],
    planRemoveAddon: (_cluster, slug) => [plans.addonStep(slug, false)],
    planRestore: () => {
      throw notSupported('etcd restore');
    },
    async takeBackup() {
      throw notSupported('etcd snapshots');
    },
    async deleteBackup() {
      // No snapshot was ever taken at the provider.
    },
    /** Egress is not read from the provider yet: none is billed rather than an invented figure. */
    async usage() {
      return { egressGb: 0 };
    },
    loadBalancerIp() {
      throw new ProviderError(
        `A ${names.short} cluster gets its load balancers from a Service of type LoadBalancer`,
        false,
      );
    },
  };
}

/** A health check that failed: down, with the provider's refusal (never a credential). */
export function downHealth(provider: string, started: number, error: unknown): DriverHealth {
  return {
    status: 'down',
    latencyMs: Math.round(performance.now() - started),
    message: error instanceof ProviderError ? error.message : `${provider} did not answer`,
    unavailableRegions: [],
  };
}
