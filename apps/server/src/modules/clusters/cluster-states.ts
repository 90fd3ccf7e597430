import {
  canTransition,
  clusterActionStatuses,
  clusterAllows,
  type ClusterAction,
  type ClusterStatus,
} from '@alpenkube/contract';
import { conflict } from '../../lib/http-error.ts';

const statusWords: Record<ClusterStatus, string> = {
  ordered: 'ordered and waiting to be provisioned',
  provisioning: 'being provisioned',
  running: 'running',
  updating: 'applying another change',
  degraded: 'degraded',
  deleting: 'being deleted',
  deleted: 'deleted',
  failed: 'failed',
};

const actionWords: Record<ClusterAction, string> = {
  rename: 'renamed',
  change: 'changed',
  tag: 'tagged',
  firewall: 'given a control-plane allowlist',
  kubeconfig: 'given a kubeconfig',
  rotate: 'given new credentials',
  delete: 'deleted',
  backup: 'backed up',
  restore: 'restored from a backup',
  storage: 'given or relieved of volumes and load balancers',
};

function allowedList(action: ClusterAction): string {
  const statuses: readonly string[] = clusterActionStatuses[action];
  return statuses.length === 1
    ? statuses[0]!
    : `${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}`;
}

/**
 * A change asked of a cluster in a status that does not allow it: a 409 whose message says what
 * the cluster is doing and when it can be asked again.
 */
export function assertClusterAllows(
  cluster: { name: string; status: ClusterStatus },
  action: ClusterAction,
) {
  if (clusterAllows(cluster.status, action)) return;
  throw conflict(
    `Cluster ${cluster.name} is ${statusWords[cluster.status]}: it can be ${actionWords[action]} once it is ${allowedList(action)}.`,
  );
}

/** Every status change of a cluster goes through here: the domain's states, nothing else. */
export function assertClusterTransition(
  cluster: { name: string; status: ClusterStatus },
  to: ClusterStatus,
) {
  if (!canTransition(cluster.status, to)) {
    throw conflict(
      `Cluster ${cluster.name} is ${statusWords[cluster.status]}: it cannot become ${to}.`,
    );
  }
}
