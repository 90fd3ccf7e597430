import type { Cluster, ClusterEvent, ClusterNode } from '@alpenkube/contract';

/**
 * Where a cluster stands, as the provisioning page tells it: `waiting` (paid, not started yet),
 * `building`, `ready` (the control plane answers: running, or already changing after that),
 * `failed`, or `gone` (being deleted, or deleted).
 */
export type ProvisioningPhase = 'waiting' | 'building' | 'ready' | 'failed' | 'gone';

export function provisioningPhase(status: Cluster['status']): ProvisioningPhase {
  switch (status) {
    case 'ordered':
      return 'waiting';
    case 'provisioning':
      return 'building';
    case 'failed':
      return 'failed';
    case 'deleting':
    case 'deleted':
      return 'gone';
    default:
      return 'ready';
  }
}

/** How far the build is, 0–100: the provision operation's progress, 100 once it is ready. */
export function provisioningPercent(cluster: Pick<Cluster, 'status' | 'operation'>): number {
  const phase = provisioningPhase(cluster.status);
  if (phase === 'ready') return 100;
  const progress = cluster.operation?.kind === 'provision' ? cluster.operation.progress : 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}

/** The step in words: the operation's own, or what the phase means when it names none. */
export function currentStep(cluster: Pick<Cluster, 'status' | 'operation'>): string {
  const phase = provisioningPhase(cluster.status);
  const working = phase === 'building' || phase === 'waiting';
  if (working && cluster.operation?.kind === 'provision' && cluster.operation.step) {
    return cluster.operation.step;
  }
  switch (phase) {
    case 'waiting':
      return 'Paid: waiting for the provider to start';
    case 'building':
      return 'Starting';
    case 'ready':
      return 'Ready';
    case 'failed':
      return 'Provisioning failed';
    case 'gone':
      return 'Being deleted';
  }
}

export interface PoolNodes {
  id: number;
  name: string;
  size: string;
  /** The nodes asked for. */
  count: number;
  nodes: ClusterNode[];
  /** Nodes asked for that the provider has not started yet. */
  pending: number;
}

/** Each pool's nodes as they exist now, and how many are still to come. */
export function poolNodes(cluster: Pick<Cluster, 'nodePools'>): PoolNodes[] {
  return cluster.nodePools.map((pool) => ({
    id: pool.id,
    name: pool.name,
    size: pool.size,
    count: pool.count,
    nodes: pool.nodes,
    pending: Math.max(0, pool.count - pool.nodes.length),
  }));
}

/** Nodes ready out of nodes asked for, over every pool. */
export function readyNodeCount(cluster: Pick<Cluster, 'nodePools'>) {
  const pools = poolNodes(cluster);
  return {
    ready: pools.reduce(
      (sum, pool) => sum + pool.nodes.filter((node) => node.status === 'ready').length,
      0,
    ),
    asked: pools.reduce((sum, pool) => sum + pool.count, 0),
  };
}

/**
 * What the platform said when the build failed for good (the last event that left the cluster
 * `failed`): the reason and what was credited back.
 */
export function failureEvent(events: readonly ClusterEvent[]): ClusterEvent | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    if (event.status === 'failed' && (event.kind === 'status' || event.kind === 'error')) {
      return event;
    }
  }
  return null;
}

/** The log newest first: what just happened is at the top, where the page is being watched. */
export function newestFirst(events: readonly ClusterEvent[]): ClusterEvent[] {
  return [...events].sort((a, b) => b.id - a.id);
}
