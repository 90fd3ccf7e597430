import { DOKS_ONE_CLICKS } from './doks-addons.ts';
import type { DriverCluster, DriverNodePool, DriverStep } from './provider-driver.ts';
import {
  deletePlan as sharedDeletePlan,
  newNodeNames,
  recordedAddonStep,
  removePoolPlan as sharedRemovePoolPlan,
  shrinkSteps as sharedShrinkSteps,
} from './provider-plans.ts';
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
export const shrinkSteps = (pool: DriverNodePool, target: number) =>
  sharedShrinkSteps('doks', pool, target, 20);

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
      key: 'doks:vpc',
      label: cluster.vpc
        ? `Finding or making VPC ${cluster.vpc.name} (${cluster.vpc.ipRange}) at DigitalOcean`
        : "Finding or making the cluster's VPC at DigitalOcean",
      done: cluster.vpc
        ? `VPC ${cluster.vpc.name} (${cluster.vpc.ipRange}) is ready at DigitalOcean`
        : "The cluster's VPC is ready at DigitalOcean",
      weight: 2,
      effect: { type: 'none' },
    },
    {
      key: 'doks:create',
      label: `Asking DigitalOcean for the cluster in ${cluster.region}`,
      done: cluster.vpc
        ? `DigitalOcean accepted the cluster, in VPC ${cluster.vpc.name}`
        : 'DigitalOcean accepted the cluster',
      weight: profile.networkSeconds,
      // The create carries the VPC's `vpc_uuid`: the cluster is in it at DigitalOcean.
      effect: cluster.vpc ? { type: 'vpc-placed' } : { type: 'none' },
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

/**
 * An add-on on DOKS is DigitalOcean's 1-Click app (doks-addons.ts): installed by DigitalOcean
 * and watched until it runs; removed by deleting its namespace through the cluster's API, since
 * DigitalOcean's API has no uninstall (doks-addon-steps.ts). An add-on without a 1-Click app is
 * not sold on DOKS; one recorded before the driver installed add-ons has nothing at DigitalOcean
 * to remove, and its removal changes the records only.
 */
export function addonStep(slug: string, install: boolean): DriverStep {
  const app = DOKS_ONE_CLICKS[slug];
  if (install) {
    return {
      key: `doks:addon:${slug}`,
      label: `Asking DigitalOcean to install the 1-Click app ${app?.slug ?? slug} (add-on ${slug})`,
      done: `Add-on ${slug} installed: DigitalOcean's 1-Click app ${app?.slug ?? slug} runs in namespace ${app?.namespace ?? slug}`,
      weight: 120,
      effect: { type: 'addon-installed', slug },
    };
  }
  if (!app) return recordedAddonStep('DigitalOcean', slug, false);
  return {
    key: `doks:addon-remove:${slug}`,
    label: `Deleting namespace ${app.namespace} of add-on ${slug} through the cluster's Kubernetes API`,
    done: `Add-on ${slug} removed: namespace ${app.namespace} and its admission webhooks deleted (DigitalOcean's API has no uninstall; the app's CustomResourceDefinitions and cluster roles stay in the cluster)`,
    weight: 30,
    effect: { type: 'addon-removed', slug },
  };
}

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

export const removePoolPlan = (pool: DriverNodePool) => sharedRemovePoolPlan('doks', pool, 20);

/**
 * The shared delete, whose first step here also deletes the volumes and load balancers the
 * cluster's workloads made (doks-resources.ts): its words say so.
 */
export function deletePlan(cluster: DriverCluster): DriverStep[] {
  const [ask, release] = sharedDeletePlan(
    'doks',
    'DigitalOcean',
    cluster,
    Math.round(profile.controlPlaneSeconds / 4),
  );
  return [
    { ...ask!, label: `${ask!.label}, with the volumes and load balancers its workloads made` },
    { ...release!, done: 'Cluster, its nodes, volumes and load balancers deleted at DigitalOcean' },
  ];
}
