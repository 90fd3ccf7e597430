import type { DriverCluster, DriverNodePool, DriverStep } from './provider-driver.ts';
import { newNodeNames, plural, recordedAddonStep } from './provider-plans.ts';
import { providerProfiles } from './provider-profiles.ts';
import { zoneOf } from './simulated-driver.ts';

/**
 * The steps of each change on DigitalOcean. A step's key carries what its `advance` needs
 * (the pool, the count to reach), so a step asked again after a crash knows its target without
 * any other record. Weights are DigitalOcean's usual seconds, for the progress bar.
 */
const profile = providerProfiles.doks!;

/** One step per new node: done once the pool has that many running nodes at DigitalOcean. */
export function joinSteps(cluster: DriverCluster, pool: DriverNodePool, target: number) {
  const existing = pool.nodes.length;
  return newNodeNames(profile, cluster, pool, target - existing).map((node, index): DriverStep => ({
    key: `doks:join:${pool.id}:${existing + index + 1}:${target}:${node}`,
    label: `Waiting for DigitalOcean to boot node ${node}`,
    done: `Node ${node} joined pool ${pool.name} in ${cluster.region}`,
    weight: index === 0 ? profile.firstNodeSeconds : profile.nextNodeSeconds,
    startEffect: { type: 'node-joining', poolId: pool.id, node, zone: zoneOf(cluster.region, 0) },
    effect: { type: 'node-ready', node },
  }));
}

/** The newest nodes leave; DigitalOcean chooses which Droplets go when the count drops. */
export function shrinkSteps(pool: DriverNodePool, target: number): DriverStep[] {
  return pool.nodes
    .slice(target)
    .map((node) => node.name)
    .reverse()
    .map((node) => ({
      key: `doks:shrink:${pool.id}:${target}:${node}`,
      label: `Draining and removing node ${node}`,
      done: `Node ${node} removed`,
      weight: 20,
      startEffect: { type: 'node-removing', node },
      effect: { type: 'node-removed', node },
    }));
}

export function createPlan(cluster: DriverCluster): DriverStep[] {
  return [
    {
      key: 'accept',
      label: 'Checking what DigitalOcean offers',
      done: 'Provisioning started',
      weight: 1,
      effect: { type: 'status', status: 'provisioning' },
    },
    {
      key: 'doks:create',
      label: `Asking DigitalOcean for the cluster in ${cluster.region}`,
      done: 'DigitalOcean accepted the cluster',
      weight: profile.networkSeconds,
      effect: { type: 'none' },
    },
    {
      key: 'control-plane',
      label: cluster.haControlPlane
        ? 'Waiting for DigitalOcean to start the highly available control plane'
        : 'Waiting for DigitalOcean to start the control plane',
      done: `Control plane is up (Kubernetes ${cluster.kubernetesVersion} on DigitalOcean)`,
      weight: profile.controlPlaneSeconds,
      effect: { type: 'endpoint' },
    },
    ...cluster.nodePools.flatMap((pool) => joinSteps(cluster, pool, pool.count)),
    ...cluster.addons.map((slug) => addonStep(slug, true)),
  ];
}

/**
 * DigitalOcean makes a running cluster's control plane highly available when the cluster is
 * updated with `"ha": true`, and never takes it back: one step, done once it reports HA.
 */
export function makeHaPlan(cluster: DriverCluster): DriverStep[] {
  return [
    {
      key: 'doks:ha',
      label: `Asking DigitalOcean for a highly available control plane for ${cluster.name}`,
      done: 'The control plane is highly available (DigitalOcean)',
      weight: profile.controlPlaneSeconds,
      effect: { type: 'ha-enabled' },
    },
  ];
}

/** Add-ons are recorded, not installed, on a real cluster yet: the event says so. */
export const addonStep = (slug: string, install: boolean) =>
  recordedAddonStep('DigitalOcean', slug, install);

export function upgradePlan(cluster: DriverCluster, minor: string, patch: string): DriverStep[] {
  const nodes = cluster.nodePools.flatMap((pool) => pool.nodes);
  return [
    {
      key: `doks:upgrade:${minor}`,
      label: `Asking DigitalOcean to upgrade the control plane to ${minor}`,
      done: `Control plane runs Kubernetes ${patch}`,
      weight: Math.round(profile.controlPlaneSeconds / 2),
      effect: { type: 'control-plane-version', minor, patch },
    },
    ...nodes.map((node): DriverStep => ({
      key: `upgrade:${node.name}`,
      label: `Waiting for DigitalOcean to replace node ${node.name} with ${minor}`,
      done: `Node ${node.name} runs ${patch}`,
      weight: profile.nodeReplaceSeconds,
      startEffect: { type: 'node-recycling', node: node.name },
      effect: { type: 'node-version', node: node.name, version: patch },
    })),
  ];
}

export function removePoolPlan(pool: DriverNodePool): DriverStep[] {
  return [
    ...pool.nodes.map((node): DriverStep => ({
      key: `doks:pool-drain:${pool.id}:${node.name}`,
      label: `Draining and removing node ${node.name}`,
      done: `Node ${node.name} removed`,
      weight: 20,
      startEffect: { type: 'node-removing', node: node.name },
      effect: { type: 'node-removed', node: node.name },
    })),
    {
      key: `pool:${pool.id}`,
      label: `Removing node pool ${pool.name}`,
      done: `Node pool ${pool.name} removed`,
      weight: 5,
      effect: { type: 'pool-removed', poolId: pool.id },
    },
  ];
}

export function deletePlan(cluster: DriverCluster): DriverStep[] {
  const nodes = cluster.nodePools.reduce((sum, pool) => sum + pool.nodes.length, 0);
  return [
    {
      key: 'doks:delete',
      label: `Asking DigitalOcean to delete the cluster and its ${plural(nodes, 'node')}`,
      done: 'DigitalOcean is deleting the cluster',
      weight: 5,
      effect: { type: 'none' },
    },
    {
      key: 'network-delete',
      label: 'Waiting for DigitalOcean to release the cluster',
      done: 'Cluster and its nodes deleted at DigitalOcean',
      weight: Math.round(profile.controlPlaneSeconds / 4),
      effect: { type: 'released' },
    },
  ];
}
