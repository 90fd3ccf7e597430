import { useState } from 'react';
import { DatabaseBackup } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { clusterAllows } from '@alpenkube/contract/cluster-states';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/form';
import { useToast } from '@/components/ui/use-toast';
import { useCan } from '@/lib/session/use-can';
import { useClusterBackups, useTakeBackup } from '../backups';
import { BackupList } from './backup-list';
import { SectionCard } from './section-card';

/** The newest few; the rest (a month of hourly ones on Red) behind a button. */
const SHOWN = 5;

/**
 * The cluster's etcd backups on its tier's schedule: when each was taken, its size, until when
 * it is kept; one taken now on demand, and a restore from any complete one.
 */
export function BackupsSection({ cluster }: { cluster: Cluster }) {
  const { toast } = useToast();
  const canOrder = useCan('orderer', 'clusters:write');
  const [showAll, setShowAll] = useState(false);
  const backups = useClusterBackups(cluster.id);
  const take = useTakeBackup(cluster.id, {
    onSuccess: () => toast({ title: 'Backup started', variant: 'success' }),
    onError: (error) =>
      toast({ title: 'No backup was taken', description: error.message, variant: 'destructive' }),
  });
  const data = backups.data;
  const policy = data?.policy ?? null;
  const list = data?.backups ?? [];
  // A real provider's cluster (DigitalOcean) has no etcd snapshots to take: none is scheduled.
  const real = !cluster.provider.simulated;
  const canTake = canOrder && policy !== null && !real && clusterAllows(cluster.status, 'backup');

  return (
    <div data-testid="cluster-backups">
      <SectionCard
        title="Backups"
        description={
          data ? (
            <>
              {real
                ? `${cluster.provider.name} offers no etcd snapshots: the platform takes no backups of this cluster.`
                : policy
                  ? `${policy.line}, while the cluster is running.`
                  : `The ${cluster.tier.name} tier includes no etcd backups.`}
              {data.simulated ? ' Simulated provider: snapshots are modelled, not stored.' : ''}
            </>
          ) : undefined
        }
        action={
          policy && canOrder ? (
            <SubmitButton
              type="button"
              size="sm"
              variant="outline"
              pending={take.isPending}
              pendingText="Starting…"
              disabled={!canTake || take.isPending}
              onClick={() => take.mutate()}
            >
              <DatabaseBackup aria-hidden="true" />
              Back up now
            </SubmitButton>
          ) : null
        }
      >
        {backups.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the backups…</p>
        ) : backups.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The backups could not be loaded: {backups.error.message}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {policy && !real
              ? 'No backup yet: the first is taken within minutes of the cluster running.'
              : 'No backups.'}
          </p>
        ) : (
          <div className="space-y-3">
            <BackupList
              cluster={cluster}
              backups={showAll ? list : list.slice(0, SHOWN)}
              canRestore={canOrder && clusterAllows(cluster.status, 'restore')}
            />
            {list.length > SHOWN ? (
              <Button variant="ghost" size="sm" onClick={() => setShowAll((shown) => !shown)}>
                {showAll ? 'Show the newest only' : `Show all ${list.length} backups`}
              </Button>
            ) : null}
          </div>
        )}
      </SectionCard>
    </div>
  );
}
