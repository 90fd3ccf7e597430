import { GKE_ADDON_MANIFESTS } from './gke-addons.ts';
import { GKE_ZONES } from './gke-offer.ts';
import type { DriverCluster, DriverNodePool, DriverStep } from './provider-driver.ts';
import {
  deletePlan as sharedDeletePlan,
  newNodeNames,
  recordedAddonStep,
  removePoolPlan as sharedRemovePoolPlan,
  shrinkSteps as sharedShrinkSteps,
} from './provider-plans.ts';
import { providerProfiles } from './provider-profiles.ts';

/**
 * The steps of each change on Google Kubernetes Engine. A step's key carries what its `advance`
 * needs (the pool, the count or minor to reach), so a step asked again after a crash knows its
 * target without any other record. Weights are GKE's usual seconds, for the progress bar.
 */
const profile = providerProfiles.gke!;

/** The zone where a cluster's nodes run (see GKE_ZONES). */
export const nodeZone = (region: string) => GKE_ZONES[region] ?? `${region}-a`;

/**
 * One step per new node. GKE reports a pool, not its nodes: the first step of a batch asks for
 * the pool's new size and waits for Google's operation; the others are done with it.
 */
export function joinSteps(cluster: DriverCluster, pool: DriverNodePool, target: number) {
  const existing = pool.nodes.length;
  return newNodeNames(profile, cluster, pool, target - existing).map((node, index): DriverStep => ({
    key: `gke:join:${pool.id}:${existing + index + 1}:${target}:${node}`,
    label: `Waiting for Google to boot node ${node}`,
    done: `Node ${node} joined pool ${pool.name} in ${nodeZone(cluster.region)}`,
    weight: index === 0 ? profile.firstNodeSeconds : profile.nextNodeSeconds,
    startEffect: {
      type: 'node-joining',
      poolId: pool.id,
      node,
      zone: nodeZone(cluster.region),
    },
    effect: { type: 'node-ready', node },
  }));
}

/** The newest nodes leave; Google chooses which instances go when the size drops. */
export const shrinkSteps = (pool: DriverNodePool, target: number) =>
  sharedShrinkSteps('gke', pool, target, 30);

export function createPlan(cluster: DriverCluster): DriverStep[] {
  return [
    {
      key: 'accept',
      label: 'Checking what Google Kubernetes Engine offers',
      done: 'Provisioning started',
      weight: 1,
      effect: { type: 'status', status: 'provisioning' },
    },
    {
      key: 'gke:create',
      label: cluster.haControlPlane
        ? `Asking Google for a regional cluster in ${cluster.region}`
        : `Asking Google for a zonal cluster in ${nodeZone(cluster.region)}`,
      done: 'Google accepted the cluster',
      weight: profile.networkSeconds,
      effect: { type: 'none' },
    },
    {
      key: 'control-plane',
      label: cluster.haControlPlane
        ? 'Waiting for Google to start the regional control plane (three zones)'
        : 'Waiting for Google to start the control plane',
      done: `Control plane is up (Kubernetes ${cluster.kubernetesVersion} on Google Kubernetes Engine)`,
      weight: profile.controlPlaneSeconds,
      effect: { type: 'endpoint' },
    },
    ...cluster.nodePools.flatMap((pool) => joinSteps(cluster, pool, pool.count)),
    ...cluster.addons.map((slug) => addonStep(slug, true)),
  ];
}

/**
 * An add-on on GKE is its pinned release manifest (gke-addons.ts), server-side applied through
 * the cluster's Kubernetes API, and removed by deleting what it applied (gke-addon-steps.ts).
 * An add-on without a manifest is not sold on GKE; one recorded before the driver installed
 * add-ons and without a manifest has nothing to remove, and its removal changes the records only.
 */
export function addonStep(slug: string, install: boolean): DriverStep {
  const release = GKE_ADDON_MANIFESTS[slug];
  const product = release ? `${release.product} ${release.version}` : slug;
  if (install) {
    return {
      key: `gke:addon:${slug}`,
      label: `Applying ${product} to the cluster through its Kubernetes API (add-on ${slug})`,
      done: `Add-on ${slug} installed: ${product} applied in namespace ${release?.namespace ?? slug}`,
      weight: 60,
      effect: { type: 'addon-installed', slug },
    };
  }
  if (!release) return recordedAddonStep('Google Kubernetes Engine', slug, false);
  return {
    key: `gke:addon-remove:${slug}`,
    label: `Deleting ${product} from the cluster through its Kubernetes API (add-on ${slug})`,
    done: `Add-on ${slug} removed: what ${product} applied is deleted, namespace ${release.namespace} too`,
    weight: 30,
    effect: { type: 'addon-removed', slug },
  };
}

/**
 * The control plane first (Google's `updateMaster`), then each pool as a whole (its
 * `updateNodePool` to the control plane's release, Google surging its nodes one by one): a step
 * per node, the pool's first asking and waiting, the others done with it.
 */
export function upgradePlan(cluster: DriverCluster, minor: string, patch: string): DriverStep[] {
  return [
    {
      key: `gke:upgrade:${minor}`,
      label: `Asking Google to upgrade the control plane to ${minor}`,
      done: `Control plane runs Kubernetes ${patch}`,
      weight: Math.round(profile.controlPlaneSeconds / 2),
      effect: { type: 'control-plane-version', minor, patch },
    },
    ...cluster.nodePools.flatMap((pool) =>
      pool.nodes.map((node): DriverStep => ({
        key: `gke:node-upgrade:${pool.id}:${minor}:${node.name}`,
        label: `Waiting for Google to upgrade pool ${pool.name} (node ${node.name}) to ${minor}`,
        done: `Node ${node.name} runs ${patch}`,
        weight: profile.nodeReplaceSeconds,
        startEffect: { type: 'node-recycling', node: node.name },
        effect: { type: 'node-version', node: node.name, version: patch },
      })),
    ),
  ];
}

export const removePoolPlan = (pool: DriverNodePool) => sharedRemovePoolPlan('gke', pool, 30);

export const deletePlan = (cluster: DriverCluster) =>
  sharedDeletePlan('gke', 'Google', cluster, Math.round(profile.controlPlaneSeconds / 2));
