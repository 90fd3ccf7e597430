import { createHash } from 'node:crypto';
import type { Catalog, ProviderValidate } from '@alpenkube/contract';
import { STALL, type FaultInjector } from './fault-injector.ts';
import {
  ProviderError,
  type DriverCluster,
  type DriverIssue,
  type DriverNodePool,
  type DriverStep,
  type ProviderDriver,
} from './provider-driver.ts';
import { newNodeNames } from './provider-plans.ts';
import type { ProviderProfile } from './provider-profiles.ts';
import { simulatedMetrics } from './simulated-metrics.ts';

/** Nodes spread over a region's three zones in turn. */
export const zoneOf = (region: string, index: number) => `${region}-${'abc'[index % 3]}`;

/** A number in [0, 1), the same for the same inputs. */
function unitHash(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) / 2 ** 32;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** A backup's time in a step's words: "2026-11-28 14:00 UTC". */
const backupTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function describeDuration(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds / 10) * 10)} seconds`;
  return `about ${Math.round(seconds / 60)} minutes`;
}

/**
 * The embedded provider: it keeps no machines, only time. A step is done once its share of
 * time (the provider's real duration divided by the speed factor) has passed since it started,
 * so a crash in the middle changes nothing, and asking again is always safe. It fails where the
 * real one would: over its node quota, in a region without capacity, and where a test injected
 * a failure.
 */
export function createSimulatedDriver(
  profile: ProviderProfile,
  options: { speed: number; faults: FaultInjector; apiBaseUrl: string },
): ProviderDriver {
  const { speed, faults } = options;

  function capacityProblem(region: string, size: string, catalog?: Catalog): string | null {
    if (profile.regionsWithoutCapacity.includes(region)) {
      return `No capacity in ${region} right now`;
    }
    const isGpu = catalog
      ? catalog.tiers.some((tier) => tier.nodeSizes.some((s) => s.name === size && s.gpu))
      : /gpu/i.test(size);
    if (isGpu && profile.gpuRegions && !profile.gpuRegions.includes(region)) {
      return `No GPU capacity for ${size} in ${region} (GPUs are in ${profile.gpuRegions.join(', ')})`;
    }
    return null;
  }

  function joinSteps(cluster: DriverCluster, pool: DriverNodePool, count: number): DriverStep[] {
    const existing = pool.nodes.length;
    return newNodeNames(profile, cluster, pool, count).map((node, index) => {
      const zone = zoneOf(cluster.region, existing + index);
      return {
        key: `node:${node}`,
        label: `Booting node ${node}`,
        done: `Node ${node} joined pool ${pool.name} in ${zone}`,
        weight: index === 0 ? profile.firstNodeSeconds : profile.nextNodeSeconds,
        startEffect: { type: 'node-joining', poolId: pool.id, node, zone },
        effect: { type: 'node-ready', node },
      };
    });
  }

  function removeSteps(nodes: string[]): DriverStep[] {
    return nodes.map((node) => ({
      key: `remove:${node}`,
      label: `Draining and removing node ${node}`,
      done: `Node ${node} removed`,
      weight: 20,
      startEffect: { type: 'node-removing', node },
      effect: { type: 'node-removed', node },
    }));
  }

  function totalNodes(config: { nodePools: { count: number }[] }) {
    return config.nodePools.reduce((sum, pool) => sum + pool.count, 0);
  }

  return {
    slug: profile.slug,
    simulated: true,
    appliesCatalogPatches: true,
    controlPlaneTime: describeDuration(profile.controlPlaneSeconds),

    validate(config: ProviderValidate, catalog: Catalog): DriverIssue[] {
      const issues: DriverIssue[] = [];
      const total = totalNodes(config);
      if (total > profile.nodeQuota) {
        issues.push({
          path: ['nodePools'],
          message: `Quota exceeded: ${profile.slug.toUpperCase()} allows ${profile.nodeQuota} nodes per cluster, not ${total}`,
        });
      }
      config.nodePools.forEach((pool, index) => {
        const problem = capacityProblem(config.region, pool.size, catalog);
        if (problem) issues.push({ path: ['nodePools', index, 'size'], message: problem });
      });
      return issues;
    },

    estimateCreateSeconds(config: ProviderValidate) {
      const nodes = totalNodes(config);
      return (
        profile.networkSeconds +
        profile.controlPlaneSeconds * (config.haControlPlane ? 1.3 : 1) +
        profile.etcdSeconds +
        config.nodePools.length * profile.firstNodeSeconds +
        Math.max(0, nodes - config.nodePools.length) * profile.nextNodeSeconds
      );
    },

    async health() {
      const started = performance.now();
      // A real driver asks the provider's API; the simulation answers from memory.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const unavailableRegions = [...profile.regionsWithoutCapacity];
      return {
        status: unavailableRegions.length ? 'degraded' : 'operational',
        latencyMs: Math.round(performance.now() - started),
        message: unavailableRegions.length
          ? `Simulated provider: no capacity in ${unavailableRegions.join(', ')}`
          : 'Simulated provider: every region answers',
        unavailableRegions,
      };
    },

    planCreate(cluster) {
      const ha = cluster.haControlPlane;
      return [
        {
          key: 'accept',
          label: 'Accepting the order',
          done: 'Provisioning started',
          weight: 1,
          effect: { type: 'status', status: 'provisioning' },
        },
        {
          key: 'network',
          label: 'Creating the network',
          done: `Network and subnets ready in ${cluster.region}`,
          weight: profile.networkSeconds,
          effect: { type: 'none' },
        },
        {
          key: 'control-plane',
          label: ha
            ? 'Starting three control-plane replicas across zones'
            : 'Starting the control plane',
          done: `Control plane is up (Kubernetes ${cluster.kubernetesPatch})`,
          weight: Math.round(profile.controlPlaneSeconds * (ha ? 1.3 : 1)),
          effect: { type: 'endpoint' },
        },
        {
          key: 'etcd',
          label: 'Setting up etcd',
          done: `etcd is healthy (${ha ? 3 : 1} member${ha ? 's' : ''})`,
          weight: profile.etcdSeconds,
          effect: { type: 'none' },
        },
        ...cluster.nodePools.flatMap((pool) => joinSteps(cluster, pool, pool.count)),
        ...cluster.addons.map((slug) => ({
          key: `addon:${slug}`,
          label: `Installing ${slug}`,
          done: `Add-on ${slug} installed`,
          weight: profile.addonSeconds,
          effect: { type: 'addon-installed' as const, slug },
        })),
      ];
    },

    planScale(cluster, poolId, count) {
      const pool = cluster.nodePools.find((candidate) => candidate.id === poolId)!;
      if (count > pool.nodes.length) return joinSteps(cluster, pool, count - pool.nodes.length);
      // The newest nodes go first, as the providers' autoscalers do by default.
      return removeSteps(
        pool.nodes
          .slice(count)
          .map((node) => node.name)
          .reverse(),
      );
    },

    planAddPool(cluster, pool) {
      return joinSteps(cluster, pool, pool.count);
    },

    planRemovePool(cluster, poolId) {
      const pool = cluster.nodePools.find((candidate) => candidate.id === poolId)!;
      return [
        ...removeSteps(pool.nodes.map((node) => node.name)),
        {
          key: `pool:${pool.id}`,
          label: `Removing node pool ${pool.name}`,
          done: `Node pool ${pool.name} removed`,
          weight: 5,
          effect: { type: 'pool-removed', poolId: pool.id },
        },
      ];
    },

    /**
     * The control plane first, then each pool by surge: one extra node of the new release joins,
     * and once it is ready one old node is drained and removed, node after node. The new names
     * are planned here, once, so a step run again after a crash finds the same node: never a
     * second extra one, never one lost.
     */
    planUpgrade(cluster, minor, patch) {
      const surge = cluster.nodePools.flatMap((pool) => {
        const fresh = newNodeNames(profile, cluster, pool, pool.nodes.length);
        return pool.nodes.flatMap((old, index): DriverStep[] => {
          const node = fresh[index]!;
          return [
            {
              key: `node:surge:${node}`,
              label: `Adding node ${node} (${patch}) to pool ${pool.name}`,
              done: `Node ${node} is ready (${patch})`,
              weight: profile.nextNodeSeconds,
              startEffect: { type: 'node-joining', poolId: pool.id, node, zone: old.zone },
              effect: { type: 'node-ready', node },
            },
            {
              key: `node:drain:${old.name}`,
              label: `Draining node ${old.name}`,
              done: `Node ${old.name} replaced by ${node} (${patch})`,
              weight: Math.max(1, profile.nodeReplaceSeconds - profile.nextNodeSeconds),
              startEffect: { type: 'node-removing', node: old.name },
              effect: { type: 'node-removed', node: old.name },
            },
          ];
        });
      });
      return [
        {
          key: 'control-plane-upgrade',
          label: `Upgrading the control plane to ${patch}`,
          done: `Control plane runs Kubernetes ${patch}`,
          weight: Math.round(profile.controlPlaneSeconds / 2),
          effect: { type: 'control-plane-version', minor, patch },
        },
        ...surge,
      ];
    },

    planRecycle(_cluster, node) {
      return [
        {
          key: `recycle:${node}`,
          label: `Draining and replacing node ${node}`,
          done: `Node ${node} recycled and ready`,
          weight: profile.nodeReplaceSeconds,
          startEffect: { type: 'node-recycling', node },
          effect: { type: 'node-ready', node },
        },
      ];
    },

    planInstallAddon(_cluster, slug) {
      return [
        {
          key: `addon:${slug}`,
          label: `Installing ${slug}`,
          done: `Add-on ${slug} installed`,
          weight: profile.addonSeconds,
          effect: { type: 'addon-installed', slug },
        },
      ];
    },

    planRemoveAddon(_cluster, slug) {
      return [
        {
          key: `addon-remove:${slug}`,
          label: `Removing ${slug}`,
          done: `Add-on ${slug} removed`,
          weight: profile.addonSeconds,
          effect: { type: 'addon-removed', slug },
        },
      ];
    },

    /**
     * Two more control-plane replicas start, one in each other zone, then etcd grows to three
     * members: the simulation's timings, a replica about half a control plane's start.
     */
    planMakeHa(cluster) {
      const replicas = [1, 2].map((index) => {
        const zone = zoneOf(cluster.region, index);
        return {
          key: `ha:replica:${index + 1}`,
          label: `Starting control-plane replica ${index + 1} of 3 in zone ${zone}`,
          done: `Control-plane replica ${index + 1} of 3 ready in zone ${zone}`,
          weight: Math.round(profile.controlPlaneSeconds / 2),
          effect: { type: 'none' as const },
        };
      });
      return [
        ...replicas,
        {
          key: 'ha:etcd',
          label: 'Growing etcd to three members',
          done: 'etcd is healthy (3 members across zones): the control plane is highly available',
          weight: profile.etcdSeconds,
          effect: { type: 'ha-enabled' },
        },
      ];
    },

    planDelete(cluster) {
      const nodes = cluster.nodePools.flatMap((pool) => pool.nodes.map((node) => node.name));
      return [
        ...(nodes.length
          ? [
              {
                key: 'drain',
                label: `Deleting ${nodes.length} node${nodes.length === 1 ? '' : 's'}`,
                done: `${nodes.length} node${nodes.length === 1 ? '' : 's'} deleted`,
                weight: profile.nextNodeSeconds * 2,
                effect: { type: 'none' as const },
              },
            ]
          : []),
        {
          key: 'control-plane-delete',
          label: 'Deleting the control plane',
          done: 'Control plane deleted',
          weight: Math.round(profile.controlPlaneSeconds / 4),
          effect: { type: 'none' },
        },
        {
          key: 'network-delete',
          label: 'Releasing the network and load balancers',
          done: 'Network released: nothing is left running or billed',
          weight: profile.networkSeconds,
          effect: { type: 'released' },
        },
      ];
    },

    planRestore(_cluster, backup) {
      const at = backupTime(backup.takenAt);
      return [
        {
          key: 'restore:stop-api',
          label: 'Stopping the Kubernetes API for the restore',
          done: 'Kubernetes API stopped; the nodes keep running their pods',
          weight: 5,
          effect: { type: 'none' },
        },
        {
          key: 'restore:etcd',
          label: `Restoring etcd from the backup of ${at}`,
          done: `etcd restored from the backup of ${at}`,
          weight: profile.etcdSeconds * 2,
          effect: { type: 'none' },
        },
        {
          key: 'restore:control-plane',
          label: 'Starting the control plane on the restored state',
          done: 'Control plane is up on the restored state',
          weight: Math.round(profile.controlPlaneSeconds / 3),
          effect: { type: 'none' },
        },
      ];
    },

    /**
     * A snapshot takes a few seconds plus one a node (the objects a cluster holds grow with it);
     * its size, 12 to 60 MB and 1.5 MB a node, is drawn from a hash of the cluster and the key,
     * so asking again answers the same. Nothing is stored: the simulation keeps no etcd.
     */
    async takeBackup(cluster, backup) {
      const fault = faults.take(`backup:${backup.key}`);
      if (fault === STALL) return { done: false, checkAgainInMs: 1 };
      if (fault) throw new ProviderError(fault, true);
      const nodes = cluster.nodePools.reduce((sum, pool) => sum + pool.nodes.length, 0);
      const durationMs = ((profile.etcdSeconds / 2 + nodes) * 1000) / speed;
      const remaining = durationMs - (Date.now() - backup.startedAt.getTime());
      if (remaining > 0) {
        return { done: false, checkAgainInMs: Math.ceil(Math.min(remaining, 5000)) };
      }
      const megabytes = 12 + unitHash('backup', cluster.id, backup.key) * 48 + nodes * 1.5;
      return { done: true, sizeBytes: Math.round(megabytes * 1024 * 1024) };
    },

    async deleteBackup() {
      // The simulation stored nothing: there is nothing to delete.
    },

    async advance(cluster, step, context) {
      const fault = faults.take(step.key);
      if (fault === STALL) return { done: false, checkAgainInMs: 1 };
      if (fault) throw new ProviderError(fault, true);
      if (step.key === 'accept') {
        const total = cluster.nodePools.reduce((sum, pool) => sum + pool.count, 0);
        if (total > profile.nodeQuota) {
          throw new ProviderError(
            `Quota exceeded: ${profile.slug.toUpperCase()} allows ${profile.nodeQuota} nodes per cluster, not ${total}`,
            false,
          );
        }
      }
      if (step.startEffect?.type === 'node-joining') {
        const pool = cluster.nodePools.find(
          (p) => p.id === (step.startEffect as { poolId: number }).poolId,
        );
        const problem = pool ? capacityProblem(cluster.region, pool.size) : null;
        if (problem) throw new ProviderError(problem, true);
      }
      const durationMs = (step.weight * 1000) / speed;
      const remaining = durationMs - (Date.now() - context.startedAt.getTime());
      return remaining <= 0
        ? { done: true }
        : { done: false, checkAgainInMs: Math.ceil(Math.min(remaining, 5000)) };
    },

    apiEndpoint(cluster) {
      return `${options.apiBaseUrl}/k8s/clusters/${cluster.id}`;
    },

    /**
     * Each load balancer sends out 0.5 to 5 GB an hour (0.4 of that outside the European working
     * day), for the share of the hour it existed. Drawn from a hash of the cluster, the load balancer
     * and the hour, so asking again answers the same: generated traffic, not real.
     */
    async usage({ clusterId, hour, loadBalancers }) {
      const working = hour.getUTCHours() >= 7 && hour.getUTCHours() < 18 ? 1 : 0.4;
      let egressGb = 0;
      for (const balancer of loadBalancers) {
        const full =
          (0.5 + unitHash('egress', clusterId, balancer.id, hour.toISOString()) * 4.5) * working;
        egressGb += (full * Math.min(Math.max(balancer.seconds, 0), 3600)) / 3600;
      }
      return { egressGb: round3(egressGb) };
    },

    /** Generated from (cluster, node, minute): see simulated-metrics.ts. */
    async metrics(request) {
      return simulatedMetrics(request);
    },

    /** The first free address of TEST-NET-3 (203.0.113.0/24), a documentation range. */
    loadBalancerIp(taken) {
      for (let host = 10; host < 255; host += 1) {
        const ip = `203.0.113.${host}`;
        if (!taken.includes(ip)) return ip;
      }
      throw new ProviderError('No load balancer address is free in this cluster', false);
    },
  };
}
