import type { DriverCluster, DriverNodePool, DriverStep } from './provider-driver.ts';
import { createHash } from 'node:crypto';
import type { ProviderProfile } from './provider-profiles.ts';

/** What the drivers' plans share. */

/** A short id, the same for the same inputs: a step planned again names the same node. */
export function shortId(...parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 5);
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * New nodes' names, planned once and never reusing one the pool had (a real provider names its
 * machines itself: these are the platform's names for them).
 */
export function newNodeNames(
  profile: ProviderProfile,
  cluster: DriverCluster,
  pool: DriverNodePool,
  count: number,
): string[] {
  const taken = new Set(pool.usedNames);
  const names: string[] = [];
  for (let ordinal = pool.usedNames.length; names.length < count; ordinal += 1) {
    const name = profile.nodeName(cluster.name, pool.name, shortId(cluster.id, pool.id, ordinal));
    if (!taken.has(name)) {
      taken.add(name);
      names.push(name);
    }
  }
  return names;
}

/**
 * An add-on recorded, not installed, on a real provider's cluster whose driver installs none:
 * the event says so, naming the provider. The DOKS and GKE drivers use the removal for an add-on
 * recorded before they installed add-ons, which has nothing on the cluster to remove.
 */
export function recordedAddonStep(provider: string, slug: string, install: boolean): DriverStep {
  return install
    ? {
        key: `addon:${slug}`,
        label: `Recording add-on ${slug}`,
        done: `Add-on ${slug} recorded (not installed: the ${provider} driver installs no add-ons yet)`,
        weight: 1,
        effect: { type: 'addon-installed', slug },
      }
    : {
        key: `addon-remove:${slug}`,
        label: `Removing add-on ${slug} from the records`,
        done: `Add-on ${slug} removed from the records`,
        weight: 1,
        effect: { type: 'addon-removed', slug },
      };
}

/**
 * The newest nodes leave when a pool shrinks on a real provider, which chooses itself which of
 * its machines go: a step per node, keyed `<prefix>:shrink:<pool>:<target>:<node>`.
 */
export function shrinkSteps(
  prefix: string,
  pool: DriverNodePool,
  target: number,
  weight: number,
): DriverStep[] {
  return pool.nodes
    .slice(target)
    .map((node) => node.name)
    .reverse()
    .map((node) => ({
      key: `${prefix}:shrink:${pool.id}:${target}:${node}`,
      label: `Draining and removing node ${node}`,
      done: `Node ${node} removed`,
      weight,
      startEffect: { type: 'node-removing', node },
      effect: { type: 'node-removed', node },
    }));
}

/** A pool removed at a real provider: its nodes drain and go, then the pool's record. */
export function removePoolPlan(prefix: string, pool: DriverNodePool, weight: number): DriverStep[] {
  return [
    ...pool.nodes.map((node): DriverStep => ({
      key: `${prefix}:pool-drain:${pool.id}:${node.name}`,
      label: `Draining and removing node ${node.name}`,
      done: `Node ${node.name} removed`,
      weight,
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

/** A real provider's cluster deleted: asked once, then waited for until the provider has no more of it. */
export function deletePlan(
  prefix: string,
  provider: string,
  cluster: DriverCluster,
  releaseWeight: number,
): DriverStep[] {
  const nodes = cluster.nodePools.reduce((sum, pool) => sum + pool.nodes.length, 0);
  return [
    {
      key: `${prefix}:delete`,
      label: `Asking ${provider} to delete the cluster and its ${plural(nodes, 'node')}`,
      done: `${provider} is deleting the cluster`,
      weight: 5,
      effect: { type: 'none' },
    },
    {
      key: 'network-delete',
      label: `Waiting for ${provider} to release the cluster`,
      done: `Cluster and its nodes deleted at ${provider}`,
      weight: releaseWeight,
      effect: { type: 'released' },
    },
  ];
}
