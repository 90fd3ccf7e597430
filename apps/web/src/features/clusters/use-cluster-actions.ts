import { clusterAllows, type ClusterStatus } from '@alpenkube/contract/cluster-states';
import { useAccess, useCan } from '@/lib/session/use-can';
import { clusterStatusDisplay } from './cluster-status';

/**
 * What the signed-in user may ask of a cluster in its status now: the contract's table of
 * actions per status (the server refuses the rest with 409), and the permission table, where
 * changing a cluster needs an orderer whose role changes clusters, and its kubeconfig a member
 * whose role reaches cluster credentials (not a read-only one).
 */
export function useClusterActions(status: ClusterStatus) {
  const orderer = useCan('orderer');
  const { allowed: canOrder, refusal } = useAccess('orderer', 'clusters:write');
  const canTakeKubeconfig = useCan('member', 'kubeconfig:read');
  return {
    canOrder,
    /** Why the member's role, not their standing, keeps them from changing the cluster. */
    roleRefusal: orderer && !canOrder ? refusal : null,
    /** Whether the role reaches cluster credentials at all, whatever the status. */
    credentials: canTakeKubeconfig,
    rename: canOrder && clusterAllows(status, 'rename'),
    change: canOrder && clusterAllows(status, 'change'),
    tag: canOrder && clusterAllows(status, 'tag'),
    firewall: canOrder && clusterAllows(status, 'firewall'),
    delete: canOrder && clusterAllows(status, 'delete'),
    kubeconfig: canTakeKubeconfig && clusterAllows(status, 'kubeconfig'),
    rotate: canOrder && clusterAllows(status, 'rotate'),
    storage: canOrder && clusterAllows(status, 'storage'),
  };
}

export type ClusterActions = ReturnType<typeof useClusterActions>;

/** Why the changes are unavailable now, in a sentence; null when they are available. */
export function changesUnavailableReason(
  status: ClusterStatus,
  canOrder: boolean,
  roleRefusal: string | null = null,
) {
  if (!canOrder) return roleRefusal ?? 'Only members who may order can change a cluster.';
  if (clusterAllows(status, 'change')) return null;
  switch (status) {
    case 'failed':
      return 'The cluster could not be built: it can only be deleted.';
    case 'deleting':
      return 'The cluster is being deleted.';
    case 'deleted':
      return 'The cluster is deleted.';
    default:
      return `The cluster is ${clusterStatusDisplay[status].label.toLowerCase()}: changes can be made once it is running.`;
  }
}
