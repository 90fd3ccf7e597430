/** A cluster's states and what may be asked in each: free of zod, for every page that shows a cluster. */
/**
 * A cluster's life. `ordered` once its order is paid; `provisioning` while the provider builds
 * it; `running`; `updating` while a change (scale, upgrade, recycle…) is applied; `degraded`
 * when the provider reports it unhealthy; `deleting`, then `deleted`; `failed` when building it
 * failed for good (its order is refunded).
 */
export const clusterStatuses = [
  'ordered',
  'provisioning',
  'running',
  'updating',
  'degraded',
  'deleting',
  'deleted',
  'failed',
] as const;
export type ClusterStatus = (typeof clusterStatuses)[number];

/** What each status may become: the server refuses every other change with a 409. */
export const clusterTransitions: Record<ClusterStatus, readonly ClusterStatus[]> = {
  ordered: ['provisioning', 'failed'],
  provisioning: ['running', 'failed'],
  running: ['updating', 'degraded', 'deleting'],
  updating: ['running', 'degraded'],
  degraded: ['running', 'updating', 'deleting'],
  deleting: ['deleted'],
  failed: ['deleting'],
  deleted: [],
};

export function canTransition(from: ClusterStatus, to: ClusterStatus): boolean {
  return clusterTransitions[from].includes(to);
}

/** Statuses whose Kubernetes API answers (the control plane is up). */
export const clusterApiUpStatuses = [
  'running',
  'updating',
  'degraded',
] as const satisfies readonly ClusterStatus[];

/**
 * What a person may ask of a cluster, and in which statuses. A change (scale, add or remove a
 * pool, upgrade, recycle) takes the cluster to `updating`, so one change runs at a time.
 */
export const clusterActionStatuses = {
  rename: ['ordered', 'provisioning', 'running', 'updating', 'degraded', 'failed'],
  change: ['running', 'degraded'],
  /** Tags are the platform's own record (cost allocation): set whatever the cluster does. */
  tag: ['ordered', 'provisioning', 'running', 'updating', 'degraded', 'failed'],
  /** The control-plane firewall is the platform's record too: set it in any live state. */
  firewall: ['ordered', 'provisioning', 'running', 'updating', 'degraded', 'failed'],
  kubeconfig: ['running'],
  /** Revoking the kubeconfigs given out; a deletion revokes them anyway. */
  rotate: ['ordered', 'provisioning', 'running', 'updating', 'degraded', 'failed'],
  delete: ['running', 'degraded', 'failed'],
  /** A backup besides the schedule: of a healthy cluster, not in the middle of a change. */
  backup: ['running'],
  /** Going back to a backup: a change like any other, and a way out of `degraded`. */
  restore: ['running', 'degraded'],
  /** Volumes and load balancers: made and deleted beside any operation under way. */
  storage: ['running', 'updating', 'degraded'],
} as const satisfies Record<string, readonly ClusterStatus[]>;
export type ClusterAction = keyof typeof clusterActionStatuses;

export function clusterAllows(status: ClusterStatus, action: ClusterAction): boolean {
  return (clusterActionStatuses[action] as readonly ClusterStatus[]).includes(status);
}

/** A node's life in its pool: joining until the provider says it is ready. */
export const nodeStatuses = ['joining', 'ready', 'recycling', 'removing'] as const;
export type NodeStatus = (typeof nodeStatuses)[number];
