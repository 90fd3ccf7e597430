import type { Cluster } from '@alpenkube/contract';
import { FormAlert } from '@/components/ui/form';
import { clusterStatusDisplay } from '../cluster-status';
import { changesUnavailableReason, type ClusterActions } from '../use-cluster-actions';
import { OperationProgress } from './operation-progress';

/**
 * Where the cluster stands, above everything else: the change under way with its progress
 * (followed live until the cluster is running again), why it failed or is degraded, and why
 * the changes are unavailable when they are.
 */
export function ClusterState({ cluster, actions }: { cluster: Cluster; actions: ClusterActions }) {
  const { status, operation, statusReason } = cluster;
  const unavailable = changesUnavailableReason(status, actions.canOrder, actions.roleRefusal);
  const troubled = status === 'failed' || status === 'degraded';
  if (!operation && !troubled && !unavailable) return null;
  return (
    <div className="space-y-3" aria-live="polite">
      {operation ? (
        <div className="rounded-xl border bg-card p-4 shadow-sm">
          <OperationProgress operation={operation} />
          <p className="mt-2 text-xs text-muted-foreground">
            {clusterStatusDisplay[status].explanation} This page follows it as it happens.
          </p>
        </div>
      ) : null}
      {troubled ? (
        <FormAlert
          title={status === 'failed' ? 'The cluster could not be built' : 'The cluster is degraded'}
        >
          {statusReason ?? clusterStatusDisplay[status].explanation}
        </FormAlert>
      ) : null}
      {unavailable && !operation ? (
        <p className="text-sm text-muted-foreground" data-testid="changes-unavailable">
          {unavailable}
        </p>
      ) : null}
    </div>
  );
}
