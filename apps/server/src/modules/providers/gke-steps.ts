import type { ManifestSource } from './addon-manifests.ts';
import { createGkeAddonSteps } from './gke-addon-steps.ts';
import { addonProblems } from './gke-addons.ts';
import { PASSING, codeName, type GkeApi, type GkeCluster, type GkeOperation } from './gke-api.ts';
import { GKE_SIZES, offerProblems, type GkeOffer, type GkeRegionOffer } from './gke-offer.ts';
import { nodeZone } from './gke-plans.ts';
import {
  ProviderError,
  type DriverCluster,
  type DriverNodePool,
  type DriverStep,
  type StepContext,
  type StepOutcome,
} from './provider-driver.ts';
import { throttledOutcome } from './provider-retry.ts';
import { newestOfMinor } from './provider-versions.ts';

/** The resource label that finds a platform cluster's GKE cluster, also after a crash. */
export const CLUSTER_LABEL = 'alpenkube-cluster';
/** The Kubernetes label every node of a platform pool carries. */
export const POOL_LABEL = 'alpenkube-pool';

/** Google's names: a lowercase letter first, letters, digits and dashes, 40 characters at most. */
const googleName = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 40)
    .replace(/-+$/, '');
/** The GKE cluster's name: the platform's id first, so that two names never collide. */
export const gkeClusterName = (cluster: { id: number; name: string }) =>
  googleName(`ak-${cluster.id}-${cluster.name}`);
/** A pool's name at GKE, its id last: found again from the platform's pool alone. */
export const gkePoolName = (pool: { id: number; name: string }) =>
  googleName(`${/^[a-z]/.test(pool.name) ? '' : 'p-'}${pool.name.slice(0, 28)}-${pool.id}`);

const WORKING = new Set(['PENDING', 'RUNNING', 'ABORTING']);

/** Google's operation types, in the words of a cluster's events. */
const OPERATION_WORDS: Record<string, string> = {
  CREATE_CLUSTER: 'creating the cluster',
  DELETE_CLUSTER: 'deleting the cluster',
  UPGRADE_MASTER: 'upgrading the control plane',
  UPGRADE_NODES: 'upgrading the nodes',
  REPAIR_CLUSTER: 'repairing the cluster',
  UPDATE_CLUSTER: 'updating the cluster',
  CREATE_NODE_POOL: 'creating a node pool',
  DELETE_NODE_POOL: 'deleting a node pool',
  SET_NODE_POOL_MANAGEMENT: 'changing node pool management',
  AUTO_REPAIR_NODES: 'repairing nodes',
  AUTO_UPGRADE_NODES: 'upgrading nodes automatically',
  SET_NODE_POOL_SIZE: 'resizing a node pool',
};

/** Whether an operation's target is this cluster (or one of its pools). */
const concerns = (operation: GkeOperation, name: string) =>
  new RegExp(`/clusters/${name}(/|$)`).test(operation.targetLink);
const poolOf = (operation: GkeOperation) => /\/nodePools\/([^/]+)$/.exec(operation.targetLink)?.[1];

/** A finished operation that failed, as the step's failure, in Google's words. */
function assertSucceeded(operation: GkeOperation | undefined) {
  if (operation?.status !== 'DONE' || !operation.error?.message) return;
  const code = codeName(operation.error.code);
  throw new ProviderError(
    `Google Kubernetes Engine could not finish ${OPERATION_WORDS[operation.operationType] ?? operation.operationType} (${code}: ${operation.error.message})`,
    PASSING.has(code),
    code,
  );
}

/**
 * What each GKE step asks Google (the steps themselves are planned in gke-plans.ts). Every step
 * answers at once: it starts what is missing, found first by the platform's label or name so
 * that a step asked again after a crash starts nothing twice, and says "not yet" while Google's
 * operation on the cluster runs (Google refuses a second one meanwhile).
 */
export function createGkeSteps(
  api: GkeApi,
  offer: GkeOffer,
  manifests: ManifestSource,
  pollMs: number,
) {
  /** Platform cluster id → where Google keeps it, and its API's address, once seen. */
  const known = new Map<number, { location: string; name: string; endpoint?: string }>();
  /**
   * `cluster:pool` → the size this process asked of Google and the operation carrying it. A
   * restart forgets it: the size is asked again, which Google does at once when it is so.
   */
  const sized = new Map<string, { target: number; operation: string }>();
  const later: StepOutcome = { done: false, checkAgainInMs: pollMs };

  async function find(clusterId: number, signal?: AbortSignal): Promise<GkeCluster | null> {
    const cached = known.get(clusterId);
    if (cached) {
      const found = await api.cluster(cached.location, cached.name, signal);
      if (found) return remember(clusterId, found);
      known.delete(clusterId);
    }
    const all = await api.clusters(signal);
    const found = all.find(
      (cluster) => cluster.resourceLabels?.[CLUSTER_LABEL] === String(clusterId),
    );
    return found ? remember(clusterId, found) : null;
  }

  function remember(clusterId: number, cluster: GkeCluster) {
    known.set(clusterId, {
      location: cluster.location,
      name: cluster.name,
      endpoint: cluster.endpoint ? `https://${cluster.endpoint}` : undefined,
    });
    return cluster;
  }

  async function mustFind(cluster: DriverCluster, signal: AbortSignal): Promise<GkeCluster> {
    const found = await find(cluster.id, signal);
    if (!found) {
      throw new ProviderError(`Google Kubernetes Engine has no cluster for ${cluster.name}`, false);
    }
    return found;
  }

  /** Google's operations on the cluster, newest last. */
  async function operationsOf(found: { location: string; name: string }, signal: AbortSignal) {
    const all = await api.operations(found.location, signal);
    return all.filter((operation) => concerns(operation, found.name));
  }

  /**
   * The cluster's operations, then the cluster: read in that order, a finished operation's
   * change shows in the cluster (read the other way round, an operation finishing in between
   * would look undone, and be asked again).
   */
  async function look(cluster: DriverCluster, signal: AbortSignal) {
    const where = known.get(cluster.id) ?? (await mustFind(cluster, signal));
    const operations = await operationsOf(where, signal);
    const found = await mustFind(cluster, signal);
    const busy = operations.some((operation) => WORKING.has(operation.status));
    return { found, operations, busy };
  }

  /** A cluster Google reports in error: its status message becomes the step's failure. */
  function assertHealthy(found: GkeCluster) {
    if (found.status === 'ERROR') {
      const why = found.statusMessage || found.conditions?.map((c) => c.message).join('; ');
      throw new ProviderError(`Google reports the cluster in error${why ? `: ${why}` : ''}`, false);
    }
  }

  const addons = createGkeAddonSteps(api, manifests, mustFind, pollMs);

  const path = (found: GkeCluster) => `${api.parent(found.location)}/clusters/${found.name}`;
  const platformPool = (cluster: DriverCluster, poolId: number) =>
    cluster.nodePools.find((pool) => pool.id === poolId);

  function poolBody(pool: DriverNodePool, count: number) {
    return {
      name: gkePoolName(pool),
      initialNodeCount: count,
      config: {
        machineType: GKE_SIZES[pool.size] ?? pool.size,
        labels: { [POOL_LABEL]: String(pool.id) },
      },
      // The platform starts upgrades in the cluster's window; Google repairs broken nodes.
      management: { autoUpgrade: false, autoRepair: true },
    };
  }

  async function create(cluster: DriverCluster, signal: AbortSignal): Promise<StepOutcome> {
    if (await find(cluster.id, signal)) return { done: true };
    const { config } = await offer.current(cluster.region, signal);
    const version = newestOfMinor(config?.validMasterVersions ?? [], cluster.kubernetesVersion);
    // A regional control plane is the platform's "highly available" one; the nodes stay in
    // one zone either way, so a pool has exactly the count the customer pays for.
    const location = cluster.haControlPlane ? cluster.region : nodeZone(cluster.region);
    const name = gkeClusterName(cluster);
    let operation: GkeOperation | null = null;
    try {
      operation = await api.call<GkeOperation>(
        (client, options) =>
          client.createCluster(
            {
              parent: api.parent(location),
              cluster: {
                name,
                description: `Alpenkube cluster ${cluster.id} (${cluster.name})`,
                initialClusterVersion: version ?? cluster.kubernetesVersion,
                locations: [nodeZone(cluster.region)],
                resourceLabels: { [CLUSTER_LABEL]: String(cluster.id), alpenkube: 'true' },
                // No release channel (a static version): the platform upgrades in the
                // cluster's window, and Google allows node auto-upgrade off only outside one.
                releaseChannel: { channel: 'UNSPECIFIED' },
                nodePools: cluster.nodePools.map((pool) => poolBody(pool, pool.count)),
              },
            },
            options,
          ),
        { signal, once: true },
      );
    } catch (error) {
      // Carried out before a crash or a lost answer, under the same name: it is ours.
      if (!(error instanceof ProviderError && error.code === 'ALREADY_EXISTS')) throw error;
    }
    known.set(cluster.id, { location, name });
    if (operation) {
      for (const pool of cluster.nodePools) {
        sized.set(`${cluster.id}:${pool.id}`, { target: pool.count, operation: operation.name });
      }
    }
    return { done: true };
  }

  async function controlPlane(cluster: DriverCluster, signal: AbortSignal): Promise<StepOutcome> {
    const found = await mustFind(cluster, signal);
    assertHealthy(found);
    const operations = await operationsOf(found, signal);
    operations.filter((o) => o.operationType === 'CREATE_CLUSTER').forEach(assertSucceeded);
    return found.status === 'RUNNING' && found.endpoint ? { done: true } : later;
  }

  /**
   * Brings a pool to `target` nodes: creates it when Google does not have it (an added pool),
   * otherwise asks its size (an absolute count, safe to ask again) once Google is not busy
   * with the cluster, and is done when that operation is.
   */
  async function reachSize(
    cluster: DriverCluster,
    poolId: number,
    target: number,
    signal: AbortSignal,
    { createIfMissing }: { createIfMissing: boolean },
  ): Promise<StepOutcome> {
    const { found, operations, busy } = await look(cluster, signal);
    assertHealthy(found);
    const platform = platformPool(cluster, poolId);
    const pool = found.nodePools.find(
      (candidate) => platform && candidate.name === gkePoolName(platform),
    );
    if (!pool && !createIfMissing) return { done: true };
    if (busy) return later;
    if (!platform) throw new ProviderError('The node pool is no longer in the platform', false);
    if (pool?.status === 'ERROR') {
      throw new ProviderError(
        `Google reports node pool ${pool.name} in error${pool.statusMessage ? `: ${pool.statusMessage}` : ''}`,
        false,
      );
    }
    const asked = sized.get(`${cluster.id}:${poolId}`);
    if (pool && asked?.target === target) {
      assertSucceeded(operations.find((operation) => operation.name === asked.operation));
      return pool.status === 'RUNNING' ? { done: true } : later;
    }
    const operation = pool
      ? await api.call<GkeOperation>(
          (client, options) =>
            client.setNodePoolSize(
              { name: `${path(found)}/nodePools/${pool.name}`, nodeCount: target },
              options,
            ),
          { signal },
        )
      : await createPool(found, platform, target, signal);
    if (operation) sized.set(`${cluster.id}:${poolId}`, { target, operation: operation.name });
    return later;
  }

  async function createPool(
    found: GkeCluster,
    pool: DriverNodePool,
    count: number,
    signal: AbortSignal,
  ): Promise<GkeOperation | null> {
    try {
      return await api.call<GkeOperation>(
        (client, options) =>
          client.createNodePool({ parent: path(found), nodePool: poolBody(pool, count) }, options),
        { signal, once: true },
      );
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'ALREADY_EXISTS') return null;
      throw error;
    }
  }

  async function removePool(cluster: DriverCluster, poolId: number, signal: AbortSignal) {
    const { found, busy } = await look(cluster, signal);
    const platform = platformPool(cluster, poolId);
    const pool = found.nodePools.find(
      (candidate) => platform && candidate.name === gkePoolName(platform),
    );
    if (!pool) return { done: true as const };
    if (pool.status === 'STOPPING' || busy) return later;
    await api.call(
      (client, options) =>
        client.deleteNodePool({ name: `${path(found)}/nodePools/${pool.name}` }, options),
      { signal, allowNotFound: true },
    );
    return later;
  }

  async function upgradeMaster(cluster: DriverCluster, minor: string, signal: AbortSignal) {
    const { found, operations, busy } = await look(cluster, signal);
    assertHealthy(found);
    if (busy) return later;
    operations
      .filter((o) => o.operationType === 'UPGRADE_MASTER')
      .slice(-1)
      .forEach(assertSucceeded);
    if (found.currentMasterVersion.startsWith(`${minor}.`)) return { done: true as const };
    const { config } = await offer.current(cluster.region, signal);
    const version = newestOfMinor(config?.validMasterVersions ?? [], minor);
    if (!version) {
      throw new ProviderError(
        `Google Kubernetes Engine offers no Kubernetes ${minor} in ${cluster.region}`,
        false,
      );
    }
    await api.call(
      (client, options) =>
        client.updateMaster({ name: path(found), masterVersion: version }, options),
      { signal, once: true },
    );
    return later;
  }

  /** The pool goes to the control plane's release; Google surges its nodes one at a time. */
  async function upgradePool(
    cluster: DriverCluster,
    poolId: number,
    minor: string,
    signal: AbortSignal,
  ) {
    const { found, operations, busy } = await look(cluster, signal);
    assertHealthy(found);
    const platform = platformPool(cluster, poolId);
    const pool = found.nodePools.find(
      (candidate) => platform && candidate.name === gkePoolName(platform),
    );
    if (!pool)
      throw new ProviderError(`Google has no node pool for ${platform?.name ?? poolId}`, false);
    if (busy) return later;
    operations
      .filter((o) => o.operationType === 'UPGRADE_NODES' && poolOf(o) === pool.name)
      .slice(-1)
      .forEach(assertSucceeded);
    if (pool.version.startsWith(`${minor}.`))
      return pool.status === 'RUNNING' ? { done: true as const } : later;
    await api.call(
      (client, options) =>
        client.updateNodePool(
          {
            name: `${path(found)}/nodePools/${pool.name}`,
            nodeVersion: found.currentMasterVersion,
            imageType: pool.config?.imageType || 'COS_CONTAINERD',
          },
          options,
        ),
      { signal, once: true },
    );
    return later;
  }

  async function remove(cluster: DriverCluster, signal: AbortSignal): Promise<StepOutcome> {
    const found = await find(cluster.id, signal);
    if (!found || found.status === 'STOPPING') return { done: true };
    try {
      await api.call((client, options) => client.deleteCluster({ name: path(found) }, options), {
        signal,
        allowNotFound: true,
      });
    } catch (error) {
      // Google refuses a delete while another operation runs on the cluster: wait for it.
      if (error instanceof ProviderError && error.code === 'FAILED_PRECONDITION') return later;
      throw error;
    }
    return { done: true };
  }

  /** What Google reported of its operations on the cluster since a time, as events. */
  async function messagesSince(clusterId: number, since: Date, signal: AbortSignal) {
    const where = known.get(clusterId);
    if (!where) return [];
    const operations = await operationsOf(where, signal);
    return operations.flatMap((operation) => {
      if (!operation.startTime || Date.parse(operation.startTime) < since.getTime()) return [];
      const pool = poolOf(operation);
      const what = `${OPERATION_WORDS[operation.operationType] ?? operation.operationType.toLowerCase()}${pool ? ` (${pool})` : ''}`;
      const said = operation.statusMessage ? `: ${operation.statusMessage}` : '';
      const messages = [
        { message: `Google Kubernetes Engine: ${what} started`, at: operation.startTime },
      ];
      if (operation.status === 'DONE' && operation.endTime) {
        messages.push({
          message: operation.error?.message
            ? `Google Kubernetes Engine: ${what} failed: ${operation.error.message}`
            : `Google Kubernetes Engine: ${what} done${said}`,
          at: operation.endTime,
        });
      }
      return messages;
    });
  }

  /**
   * The region's CPU quota (Compute Engine's `CPUS`, which E2 machines count against) against
   * the order's E2 nodes: refused at once, with Google's figures, rather than failing later.
   * Unreadable (the account may not read Compute Engine), Google enforces it at the create.
   */
  async function cpuQuotaProblem(
    cluster: DriverCluster,
    offered: GkeRegionOffer,
    signal: AbortSignal,
  ): Promise<string | null> {
    const quota = await api.cpuQuota(cluster.region, signal);
    if (!quota || !offered.machineTypes) return null;
    const needed = cluster.nodePools.reduce((sum, pool) => {
      const type = GKE_SIZES[pool.size] ?? '';
      return type.startsWith('e2-')
        ? sum + pool.count * (offered.machineTypes!.get(type) ?? 0)
        : sum;
    }, 0);
    const free = Math.max(0, quota.limit - quota.usage);
    return needed > free
      ? `Quota exceeded: the Google Cloud project has ${free} CPUs free in ${cluster.region} (limit ${quota.limit}), not the ${needed} these nodes need`
      : null;
  }

  async function advanceStep(
    cluster: DriverCluster,
    key: string,
    started: Date,
    signal: AbortSignal,
  ): Promise<StepOutcome> {
    const parts = key.split(':');
    if (key === 'accept') {
      const offered = await offer.current(cluster.region, signal);
      const problems = [
        ...offerProblems(offered, cluster),
        ...addonProblems(cluster.addons, []),
      ].map((problem) => problem.message);
      const quotaProblem = await cpuQuotaProblem(cluster, offered, signal);
      if (quotaProblem) problems.push(quotaProblem);
      if (problems.length) throw new ProviderError(problems.join('; '), false);
      return { done: true };
    }
    if (key === 'gke:create') return create(cluster, signal);
    if (key === 'control-plane') return controlPlane(cluster, signal);
    if (key.startsWith('gke:join:')) {
      return reachSize(cluster, Number(parts[2]), Number(parts[4]), signal, {
        createIfMissing: true,
      });
    }
    if (key.startsWith('gke:shrink:')) {
      return reachSize(cluster, Number(parts[2]), Number(parts[3]), signal, {
        createIfMissing: false,
      });
    }
    if (key.startsWith('gke:pool-drain:')) return removePool(cluster, Number(parts[2]), signal);
    if (key.startsWith('pool:')) return removePool(cluster, Number(parts[1]), signal);
    if (key.startsWith('gke:upgrade:')) return upgradeMaster(cluster, parts[2]!, signal);
    if (key.startsWith('gke:node-upgrade:'))
      return upgradePool(cluster, Number(parts[2]), parts[3]!, signal);
    if (key.startsWith('gke:addon:'))
      return addons.install(cluster, key.slice('gke:addon:'.length), started, signal);
    if (key.startsWith('gke:addon-remove:'))
      return addons.remove(cluster, key.slice('gke:addon-remove:'.length), started, signal);
    // An add-on's records only: one without a manifest, recorded before add-ons were installed.
    if (key.startsWith('addon')) return { done: true };
    if (key === 'gke:delete') return remove(cluster, signal);
    if (key === 'network-delete') return (await find(cluster.id, signal)) ? later : { done: true };
    throw new ProviderError(`The GKE driver has no step ${key}`, false);
  }

  return {
    find,
    /** Google's location, name and API address of a platform cluster, once seen here. */
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
      if (step.key === 'accept' || /^(gke:)?addon/.test(step.key)) return outcome;
      // A new cluster's operations from its very start; a change's from when the step began.
      const since = step.key === 'control-plane' ? new Date(0) : context.startedAt;
      const providerMessages = await messagesSince(cluster.id, since, context.signal);
      return providerMessages.length ? { ...outcome, providerMessages } : outcome;
    },
  };
}
export type GkeSteps = ReturnType<typeof createGkeSteps>;
