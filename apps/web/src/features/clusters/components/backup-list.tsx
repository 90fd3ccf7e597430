import type { Backup, Cluster } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { formatClusterDate } from '../cluster-status';
import { formatBackupSize, restoreBackup } from '../backups';
import { ConfirmActionDialog } from './confirm-action-dialog';

const statusBadge = {
  running: { label: 'Taking', variant: 'warning' },
  completed: { label: 'Complete', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;

/** One line a backup: when, what kind, how big, until when; a restore for a complete one. */
export function BackupList({
  cluster,
  backups,
  canRestore,
}: {
  cluster: Cluster;
  backups: Backup[];
  canRestore: boolean;
}) {
  return (
    <ul aria-label="Backups" className="divide-y">
      {backups.map((backup) => {
        const when = formatClusterDate(backup.takenAt);
        const badge = statusBadge[backup.status];
        return (
          <li
            key={backup.id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
          >
            <div className="min-w-0 space-y-0.5">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                <time dateTime={backup.takenAt}>{when}</time>
                <Badge variant={badge.variant}>{badge.label}</Badge>
                {backup.kind === 'manual' ? <Badge variant="outline">On demand</Badge> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                {backup.sizeBytes !== null ? `${formatBackupSize(backup.sizeBytes)} · ` : ''}
                {backup.error
                  ? backup.error
                  : `kept until ${formatClusterDate(backup.expiresAt, 'date')}`}
              </p>
            </div>
            {backup.status === 'completed' ? (
              <ConfirmActionDialog
                trigger="Restore"
                triggerProps={{
                  disabled: !canRestore,
                  'aria-label': `Restore from the backup of ${when}`,
                }}
                title={`Restore ${cluster.name} from the backup of ${when}?`}
                description="etcd goes back to this backup: Kubernetes objects created or changed since are lost, and the Kubernetes API stops while it is restored. Pods keep running on the nodes. The cluster is updating until it is done."
                confirmLabel="Restore"
                pendingText="Starting the restore…"
                destructive
                run={() => restoreBackup(cluster.id, backup.id)}
                done={{
                  title: `Restoring ${cluster.name}`,
                  description: `From the backup of ${when}.`,
                }}
                refused="The restore did not start"
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
