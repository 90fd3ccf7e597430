import { createDoksAddonSteps } from './doks-addon-steps.ts';
import { addonProblems, type OneClickOffer } from './doks-addons.ts';
import type { DoApi, DoCluster, DoNodePool, DoVpc } from './doks-api.ts';
import { DOKS_SIZES, offerProblems, versionSlug, type DoksOffer } from './doks-offer.ts';
import { destroyWithResources } from './doks-resources.ts';
import {
  ProviderError,
  type DriverCluster,
  type DriverStep,
  type DriverVpc,
  type StepContext,
  type StepOutcome,
} from './provider-driver.ts';
import { throttledOutcome } from './provider-retry.ts';

/** The tag that finds a platform cluster's DigitalOcean cluster, also after a crash. */
export const clusterTag = (id: number) => `alpenkube-cluster-${id}`;
/** The tag of a platform pool's node pool at DigitalOcean. */
export const poolTag = (id: number) => `alpenkube-pool-${id}`;
/** The DigitalOcean cluster's name: the platform's id first, so two names never collide. */
const doName = (cluster: { id: number; name: string }) =>
  `alpenkube-${cluster.id}-${cluster.name}`.toLowerCase().slice(0, 63);

/**
 * The name of a platform VPC's network at DigitalOcean, which finds it again after a crash
 * (DigitalOcean's names are unique in the account): made from the platform's id only.
 */
export const vpcName = (id: number) => `alpenkube-vpc-${id}`;

/** The steps during which DigitalOcean works on the whole cluster and reports on it. */
const WAITING_STEPS = /^(control-plane|doks:upgrade:|doks:ha$|recycle:)/;

/**
 * What each DOKS step asks DigitalOcean (the steps themselves are planned in doks-plans.ts).
 * Every step answers at once: it starts what is missing, found first by the platform's tag so
 * that a step asked again after a crash starts nothing twice, and says "not yet" until
 * DigitalOcean has done it.
 */
export function createDoksSteps(
  api: DoApi,
  offer: DoksOffer,
  oneClicks: OneClickOffer,
  pollMs: number,
) {
  /** Platform cluster id → DigitalOcean's, and its API's address, once seen. */
  const known = new Map<number, { id: string; endpoint?: string }>();
  /** DigitalOcean cluster id → the minor this process asked it to upgrade to. */
  const upgradesAsked = new Map<string, string>();
  /** Platform VPC id → DigitalOcean's VPC id, once seen. */
  const vpcsKnown = new Map<number, string>();
  const later: StepOutcome = { done: false, checkAgainInMs: pollMs };

  async function find(clusterId: number, signal?: AbortSignal): Promise<DoCluster | null> {
    const cached = known.get(clusterId);
    if (cached) {
      const found = await api.cluster(cached.id, signal);
      if (found && found.status.state !== 'deleted') return remember(clusterId, found);
      known.delete(clusterId);
      if (found) return null;
    }
    const all = await api.clusters(signal);
    const found = all.find(
      (cluster) =>
        cluster.tags?.includes(clusterTag(clusterId)) && cluster.status.state !== 'deleted',
    );
    return found ? remember(clusterId, found) : null;
  }

  function remember(clusterId: number, cluster: DoCluster) {
    known.set(clusterId, { id: cluster.id, endpoint: cluster.endpoint || undefined });
    return cluster;
  }

  /** A platform VPC's network at DigitalOcean, by its name; null when it has none. */
  async function findVpc(vpc: DriverVpc, signal?: AbortSignal): Promise<DoVpc | null> {
    const cached = vpcsKnown.get(vpc.id);
    if (cached) {
      const found = await api.vpc(cached, signal);
      if (found) return found;
      vpcsKnown.delete(vpc.id);
    }
    const found = (await api.vpcs(signal)).find((candidate) => candidate.name === vpcName(vpc.id));
    if (found) vpcsKnown.set(vpc.id, found.id);
    return found ?? null;
  }

  /**
   * The cluster's VPC at DigitalOcean, found by its name or made now with the platform's range
   * (`POST /v2/vpcs`, asked once per attempt: an answer lost is found by name on the next); its
   * id. One found must be in the region and range the platform recorded, or the cluster would
   * be somewhere its page does not say.
   */
  async function ensureVpc(vpc: DriverVpc, signal: AbortSignal): Promise<string> {
    const found = await findVpc(vpc, signal);
    if (found) {
      if (found.region !== vpc.region || found.ip_range !== vpc.ipRange) {
        throw new ProviderError(
          `DigitalOcean's VPC ${found.name} is ${found.ip_range} in ${found.region}, not ${vpc.ipRange} in ${vpc.region} as the platform's VPC ${vpc.name}`,
          false,
        );
      }
      return found.id;
    }
    const { body } = await api.call<{ vpc: DoVpc }>('POST', '/v2/vpcs', {
      signal,
      once: true,
      body: {
        name: vpcName(vpc.id),
        region: vpc.region,
        ip_range: vpc.ipRange,
        description: `Alpenkube VPC ${vpc.name}: the clusters ordered in it`.slice(0, 255),
      },
    });
    vpcsKnown.set(vpc.id, body.vpc.id);
    return body.vpc.id;
  }

  /**
   * Deletes a platform VPC's network at DigitalOcean (`DELETE /v2/vpcs/{id}`); none there, or
   * gone already, is deleted. DigitalOcean refuses (403) while something is still in it (the
   * Droplets of a cluster deleted a moment ago): retryable. A region's default VPC it never
   * deletes (its account's first VPC there becomes that): not retryable, and said.
   */
  async function deleteVpc(vpc: DriverVpc, signal: AbortSignal): Promise<void> {
    const found = await findVpc(vpc, signal);
    if (!found) return;
    if (found.default) {
      throw new ProviderError(
        `DigitalOcean made VPC ${found.name} (${found.id}) the default network of ${found.region}, the account's first VPC there, and never deletes a region's default`,
        false,
      );
    }
    try {
      await api.call('DELETE', `/v2/vpcs/${encodeURIComponent(found.id)}`, {
        signal,
        allow404: true,
      });
    } catch (error) {
      if (!(error instanceof ProviderError) || error.code !== 'forbidden') throw error;
      throw new ProviderError(
        `DigitalOcean did not delete VPC ${found.name} (${found.id}), which may still hold resources: ${error.message}`,
        true,
      );
    }
    vpcsKnown.delete(vpc.id);
  }

  async function mustFind(cluster: DriverCluster, signal: AbortSignal): Promise<DoCluster> {
    const found = await find(cluster.id, signal);
    if (!found) throw new ProviderError(`DigitalOcean has no cluster for ${cluster.name}`, false);
    return found;
  }

  function doPool(found: DoCluster, poolId: number, name?: string): DoNodePool | undefined {
    return (
      found.node_pools.find((pool) => pool.tags?.includes(poolTag(poolId))) ??
      (name ? found.node_pools.find((pool) => pool.name === name) : undefined)
    );
  }

  const addons = createDoksAddonSteps(api, oneClicks, mustFind, pollMs);

  const running = (pool: DoNodePool) =>
    pool.nodes.filter((node) => node.status.state === 'running').length;

  /** A cluster DigitalOcean reports in error: its status message becomes the step's failure. */
  function assertHealthy(found: DoCluster) {
    if (found.status.state === 'error') {
      throw new ProviderError(
        `DigitalOcean reports the cluster in error${found.status.message ? `: ${found.status.message}` : ''}`,
        true,
      );
    }
  }

  async function create(cluster: DriverCluster, signal: AbortSignal): Promise<StepOutcome> {
    if (await find(cluster.id, signal)) return { done: true };
    // Found again (the step before made it): also for a create planned before that step was.
    const vpcUuid = cluster.vpc ? await ensureVpc(cluster.vpc, signal) : undefined;
    const { body } = await api.call<{ kubernetes_cluster: DoCluster }>(
      'POST',
      '/v2/kubernetes/clusters',
      {
        signal,
        once: true,
        body: {
          name: doName(cluster),
          region: cluster.region,
          version: versionSlug((await offer.current(signal)).versions, cluster.kubernetesVersion),
          ha: cluster.haControlPlane,
          // Without a VPC (none recorded), DigitalOcean's default network of the region.
          ...(vpcUuid ? { vpc_uuid: vpcUuid } : {}),
          tags: ['alpenkube', clusterTag(cluster.id)],
          node_pools: cluster.nodePools.map((pool) => ({
            name: pool.name,
            size: DOKS_SIZES[pool.size] ?? pool.size,
            count: pool.count,
            tags: [poolTag(pool.id)],
          })),
        },
      },
    );
    remember(cluster.id, body.kubernetes_cluster);
    return { done: true };
  }

  async function join(cluster: DriverCluster, key: string, signal: AbortSignal) {
    const [, , poolId, ordinal, target] = key.split(':');
    const found = await mustFind(cluster, signal);
    assertHealthy(found);
    const platformPool = cluster.nodePools.find((pool) => pool.id === Number(poolId));
    const pool = doPool(found, Number(poolId), platformPool?.name);
    if (!pool) return addPool(cluster, found, Number(poolId), Number(target), signal);
    if (pool.count < Number(target)) await resize(found, pool, Number(target), signal);
    return running(pool) >= Number(ordinal) ? { done: true as const } : later;
  }

  async function addPool(
    cluster: DriverCluster,
    found: DoCluster,
    poolId: number,
    count: number,
    signal: AbortSignal,
  ): Promise<StepOutcome> {
    const pool = cluster.nodePools.find((candidate) => candidate.id === poolId);
    if (!pool) throw new ProviderError('The node pool is no longer in the platform', false);
    await api.call('POST', `/v2/kubernetes/clusters/${found.id}/node_pools`, {
      signal,
      once: true,
      body: {
        name: pool.name,
        size: DOKS_SIZES[pool.size] ?? pool.size,
        count,
        tags: [poolTag(pool.id)],
      },
    });
    return later;
  }

  async function resize(found: DoCluster, pool: DoNodePool, count: number, signal: AbortSignal) {
    await api.call('PUT', `/v2/kubernetes/clusters/${found.id}/node_pools/${pool.id}`, {
      signal,
      body: { name: pool.name, count },
    });
  }

  async function shrink(cluster: DriverCluster, key: string, signal: AbortSignal) {
    const [, , poolId, target] = key.split(':');
    const found = await mustFind(cluster, signal);
    const pool = doPool(found, Number(poolId));
    if (!pool) return { done: true as const };
    if (pool.count > Number(target)) await resize(found, pool, Number(target), signal);
    return pool.nodes.length <= Number(target) ? { done: true as const } : later;
  }

  async function removePool(cluster: DriverCluster, poolId: number, signal: AbortSignal) {
    const found = await mustFind(cluster, signal);
    const pool = doPool(found, poolId);
    if (!pool) return { done: true as const };
    await api.call('DELETE', `/v2/kubernetes/clusters/${found.id}/node_pools/${pool.id}`, {
      signal,
      allow404: true,
    });
    return later;
  }

  async function upgrade(cluster: DriverCluster, minor: string, signal: AbortSignal) {
    const found = await mustFind(cluster, signal);
    if (found.version.startsWith(`${minor}.`)) {
      return found.status.state === 'running' ? { done: true as const } : later;
    }
    // Asked already by this process: DigitalOcean may not show `upgrading` at once.
    if (found.status.state === 'upgrading' || upgradesAsked.get(found.id) === minor) return later;
    const slug = versionSlug(await api.upgrades(found.id, signal), minor);
    if (!slug) {
      throw new ProviderError(`DigitalOcean offers this cluster no upgrade to ${minor}`, false);
    }
    try {
      await api.call('POST', `/v2/kubernetes/clusters/${found.id}/upgrade`, {
        signal,
        once: true,
        body: { version: slug },
      });
    } catch (error) {
      // Refused because it is upgrading already (asked before a restart): wait for it.
      const now = await api.cluster(found.id, signal);
      if (now?.status.state !== 'upgrading' && !now?.version.startsWith(`${minor}.`)) throw error;
    }
    upgradesAsked.set(found.id, minor);
    return later;
  }

  /** The update is idempotent: asked again after a crash, it asks for what is asked already. */
  async function makeHa(cluster: DriverCluster, signal: AbortSignal): Promise<StepOutcome> {
    const found = await mustFind(cluster, signal);
    assertHealthy(found);
    if (found.ha) return found.status.state === 'running' ? { done: true } : later;
    await api.call('PUT', `/v2/kubernetes/clusters/${found.id}`, {
      signal,
      body: { name: found.name, ha: true },
    });
    return later;
  }

  const settled = (found: DoCluster) =>
    found.status.state === 'running' &&
    found.node_pools.every((pool) => running(pool) === pool.count);

  /**
   * The platform's node is DigitalOcean's node at the same place in its pool, oldest first. A
   * node DigitalOcean created since the step started is the replacement: the step asked
   * already, and waits for it rather than deleting a second one.
   */
  async function recycle(cluster: DriverCluster, node: string, started: Date, signal: AbortSignal) {
    const found = await mustFind(cluster, signal);
    const platformPool = cluster.nodePools.find((pool) => pool.nodes.some((n) => n.name === node));
    const pool = platformPool && doPool(found, platformPool.id, platformPool.name);
    if (!platformPool || !pool)
      throw new ProviderError(`Node ${node} is not at DigitalOcean`, false);
    if (pool.nodes.some((candidate) => Date.parse(candidate.created_at) >= started.getTime())) {
      return settled(found) ? { done: true as const } : later;
    }
    const ordered = [...pool.nodes].sort((a, b) => a.created_at.localeCompare(b.created_at));
    const index = platformPool.nodes.findIndex((candidate) => candidate.name === node);
    const target = ordered[Math.min(index, ordered.length - 1)];
    if (!target) throw new ProviderError(`Node ${node} is not at DigitalOcean`, false);
    await api.call(
      'DELETE',
      `/v2/kubernetes/clusters/${found.id}/node_pools/${pool.id}/nodes/${target.id}?replace=1`,
      { signal, allow404: true, once: true },
    );
    return later;
  }

  /**
   * The account's Droplet limit and how many it has: null when the token may not read them
   * (scopes `account:read`, `droplet:read`), and the quota is then DigitalOcean's to enforce.
   */
  async function dropletRoom(signal?: AbortSignal) {
    const [account, used] = await Promise.all([
      api.account(signal).catch(() => null),
      api.dropletCount(signal).catch(() => null),
    ]);
    if (!account || used === null) return null;
    return {
      limit: account.droplet_limit,
      used,
      free: Math.max(0, account.droplet_limit - used),
      account,
    };
  }

  /** The steps that wait for DigitalOcean pass on what it reports meanwhile, as events. */
  async function withMessages(
    cluster: DriverCluster,
    started: Date,
    signal: AbortSignal,
    outcome: StepOutcome,
  ): Promise<StepOutcome> {
    const doId = known.get(cluster.id)?.id;
    if (!doId) return outcome;
    const messages = await api.statusMessages(doId, started, signal);
    return {
      ...outcome,
      providerMessages: messages.map((entry) => ({
        message: `DigitalOcean: ${entry.message}`,
        at: entry.timestamp,
      })),
    };
  }

  async function advanceStep(
    cluster: DriverCluster,
    key: string,
    started: Date,
    signal: AbortSignal,
  ): Promise<StepOutcome> {
    if (key === 'accept') {
      const problems = [
        ...offerProblems(await offer.current(signal), cluster),
        // The 1-Click apps are read only for an order with add-ons.
        ...(cluster.addons.length
          ? addonProblems(cluster.addons, [], await oneClicks.current(signal))
          : []),
      ].map((p) => p.message);
      const room = await dropletRoom(signal);
      const nodes = cluster.nodePools.reduce((sum, pool) => sum + pool.count, 0);
      if (room && nodes > room.free) {
        problems.push(
          `Quota exceeded: the DigitalOcean account has room for ${room.free} more Droplets (limit ${room.limit}), not ${nodes} nodes`,
        );
      }
      if (problems.length) throw new ProviderError(problems.join('; '), false);
      return { done: true };
    }
    if (key === 'doks:vpc') {
      if (cluster.vpc) await ensureVpc(cluster.vpc, signal);
      return { done: true };
    }
    if (key === 'doks:create') return create(cluster, signal);
    if (key === 'control-plane') {
      const found = await mustFind(cluster, signal);
      assertHealthy(found);
      return found.status.state === 'running' ? { done: true } : later;
    }
    if (key.startsWith('doks:join:')) return join(cluster, key, signal);
    if (key.startsWith('doks:shrink:')) return shrink(cluster, key, signal);
    if (key.startsWith('doks:pool-drain:'))
      return removePool(cluster, Number(key.split(':')[2]), signal);
    if (key.startsWith('pool:')) return removePool(cluster, Number(key.split(':')[1]), signal);
    if (key.startsWith('doks:upgrade:')) return upgrade(cluster, key.split(':')[2]!, signal);
    if (key.startsWith('upgrade:')) {
      const found = await mustFind(cluster, signal);
      return settled(found) ? { done: true } : later;
    }
    if (key === 'doks:ha') return makeHa(cluster, signal);
    if (key.startsWith('recycle:'))
      return recycle(cluster, key.slice('recycle:'.length), started, signal);
    if (key.startsWith('doks:addon:'))
      return addons.install(cluster, key.slice('doks:addon:'.length), started, signal);
    if (key.startsWith('doks:addon-remove:'))
      return addons.remove(cluster, key.slice('doks:addon-remove:'.length), signal);
    // An add-on's records only: one without a 1-Click app, recorded before add-ons were installed.
    if (key.startsWith('addon')) return { done: true };
    if (key === 'doks:delete') {
      const found = await find(cluster.id, signal);
      // With what its workloads made (doks-resources.ts); asked once: `deleting` is under way.
      if (found && found.status.state !== 'deleting') {
        await destroyWithResources(api, found.id, signal);
      }
      return { done: true };
    }
    if (key === 'network-delete') return (await find(cluster.id, signal)) ? later : { done: true };
    throw new ProviderError(`The DigitalOcean driver has no step ${key}`, false);
  }

  return {
    find,
    dropletRoom,
    deleteVpc,
    /** DigitalOcean's id and API address of a platform cluster, once seen by this process. */
    seen: (clusterId: number) => known.get(clusterId),
    async advance(
      cluster: DriverCluster,
      step: DriverStep,
      context: StepContext,
    ): Promise<StepOutcome> {
      let outcome: StepOutcome;
      try {
        outcome = await advanceStep(cluster, step.key, context.startedAt, context.signal);
      } catch (error) {
        // Throttled past what one call waits: nothing was done, so ask again when it allows.
        return throttledOutcome(error, pollMs);
      }
      if (!WAITING_STEPS.test(step.key)) return outcome;
      // A new cluster's messages from its very start; a change's from when the step began.
      const since = step.key === 'control-plane' ? new Date(0) : context.startedAt;
      return withMessages(cluster, since, context.signal, outcome);
    },
  };
}
export type DoksSteps = ReturnType<typeof createDoksSteps>;
