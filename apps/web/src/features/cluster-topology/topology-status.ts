import type { ClusterStatus, NodeStatus } from '@alpenkube/contract';
import { clusterStatuses, nodeStatuses } from '@alpenkube/contract/cluster-states';

/**
 * The graph's colours: one tone per meaning, shared by a node's status and the cluster's (which
 * colours its control plane), so the legend needs one swatch per tone.
 */
export const topologyTones = ['ok', 'working', 'changing', 'problem', 'off'] as const;
export type TopologyTone = (typeof topologyTones)[number];

export const nodeStatusTone: Record<NodeStatus, TopologyTone> = {
  ready: 'ok',
  joining: 'working',
  recycling: 'changing',
  removing: 'off',
};

export const clusterStatusTone: Record<ClusterStatus, TopologyTone> = {
  running: 'ok',
  ordered: 'working',
  provisioning: 'working',
  updating: 'changing',
  degraded: 'problem',
  failed: 'problem',
  deleting: 'off',
  deleted: 'off',
};

/** Theme tokens only, so light and dark both read. */
export const toneClasses: Record<TopologyTone, { box: string; swatch: string }> = {
  ok: { box: 'border-success bg-success/10', swatch: 'border-success bg-success/30' },
  working: { box: 'border-warning bg-warning/15', swatch: 'border-warning bg-warning/40' },
  changing: { box: 'border-primary bg-primary/10', swatch: 'border-primary bg-primary/30' },
  problem: {
    box: 'border-destructive bg-destructive/10',
    swatch: 'border-destructive bg-destructive/30',
  },
  off: {
    box: 'border-dashed border-muted-foreground/60 bg-muted',
    swatch: 'border-dashed border-muted-foreground bg-muted',
  },
};

export interface LegendEntry {
  tone: TopologyTone;
  nodeStatuses: NodeStatus[];
  clusterStatuses: ClusterStatus[];
}

/** The legend: for each tone, which node and control-plane statuses it stands for. */
export function legendEntries(): LegendEntry[] {
  return topologyTones.map((tone) => ({
    tone,
    nodeStatuses: nodeStatuses.filter((status) => nodeStatusTone[status] === tone),
    clusterStatuses: clusterStatuses.filter((status) => clusterStatusTone[status] === tone),
  }));
}
