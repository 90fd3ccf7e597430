import { HardDrive, Plus } from 'lucide-react';
import type { Cluster, Volume } from '@alpenkube/contract';
import { STORAGE_GB_MONTH_CENTS } from '@alpenkube/contract/pricing';
import { Badge } from '@/components/ui/badge';
import { FormDialog } from '@/components/ui/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form';
import { useMoney } from '@/components/pricing/use-money';
import { SectionCard } from '../components/section-card';
import { loadStorageForms, VolumeForm } from './lazy-storage-forms';
import { RemoveResourceDialog } from './remove-resource-dialog';
import { deleteVolume, useVolumes, volumesQuery } from './storage-queries';

function VolumeRow({
  clusterId,
  volume,
  canChange,
  providerName,
}: {
  clusterId: number;
  volume: Volume;
  canChange: boolean;
  providerName: string;
}) {
  return (
    <li className="flex items-center gap-3 py-2">
      <HardDrive aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-mono text-sm [overflow-wrap:anywhere]">{volume.name}</span>
          <span className="text-sm">{volume.sizeGb} GB</span>
          {volume.observed ? <Badge variant="secondary">Observed at {providerName}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {volume.storageClass} ·{' '}
          {volume.kind === 'node_disk' ? 'Node disk, in the node price' : 'Billed by the GB-hour'}
        </p>
      </div>
      {volume.kind === 'persistent' && !volume.observed ? (
        <RemoveResourceDialog
          label={`Delete volume ${volume.name}`}
          title={`Delete volume ${volume.name}?`}
          description={`Its ${volume.sizeGb} GB and what they hold are gone for good; its storage is billed up to now.`}
          done={`Volume ${volume.name} deleted`}
          queryKey={volumesQuery(clusterId).queryKey}
          run={() => deleteVolume(clusterId, volume.id!)}
          disabled={!canChange}
        />
      ) : null}
    </li>
  );
}

/**
 * The cluster's volumes: the persistent volumes the customer makes, which storage bills by the
 * GB-hour, and its nodes' disks, which live with their nodes and are part of the node price.
 */
export function VolumesSection({ cluster, canChange }: { cluster: Cluster; canChange: boolean }) {
  const volumes = useVolumes(cluster.id);
  const { money } = useMoney();
  const persistent = volumes.data?.volumes.filter((volume) => volume.kind === 'persistent') ?? [];
  const disks = volumes.data?.volumes.filter((volume) => volume.kind === 'node_disk') ?? [];
  return (
    <SectionCard
      title="Volumes"
      description={`Persistent volumes: ${money(STORAGE_GB_MONTH_CENTS)} per GB-month, by the hour. Node disks come with their nodes.`}
      action={
        <FormDialog
          preload={loadStorageForms}
          trigger={
            <>
              <Plus aria-hidden="true" />
              Add volume
            </>
          }
          triggerProps={{ disabled: !canChange }}
          title={`Add a volume to ${cluster.name}`}
          description={`A persistent volume, billed ${money(STORAGE_GB_MONTH_CENTS)} per GB-month by the hour until it is deleted.`}
        >
          {(close) => <VolumeForm clusterId={cluster.id} close={close} />}
        </FormDialog>
      }
    >
      {volumes.isPending ? (
        <Spinner label="Loading the volumes…" className="py-4" />
      ) : volumes.error ? (
        <FormAlert variant="error" title="The volumes could not be loaded">
          {volumes.error.message}
        </FormAlert>
      ) : (
        <div className="space-y-3">
          {cluster.provider.simulated ? null : volumes.data.observesProvider ? (
            <p className="text-sm text-muted-foreground">
              On {cluster.provider.name}, volumes are made from inside the cluster (a
              PersistentVolumeClaim), not here: the platform observes them at{' '}
              {cluster.provider.name} every few minutes and bills each by the GB-hour while it is
              there. Deleting its claim deletes it; deleting the cluster deletes them all.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              On {cluster.provider.name}, volumes and load balancers are made from inside the
              cluster (a PersistentVolumeClaim, a Service of type LoadBalancer): the platform does
              not create them there, nor list or bill them yet.
            </p>
          )}
          <p className="text-sm">
            {persistent.length
              ? `${persistent.length} persistent ${persistent.length === 1 ? 'volume' : 'volumes'}, ${volumes.data.billedGb} GB billed`
              : 'No persistent volume yet.'}
          </p>
          <ul aria-label="Volumes" className="divide-y">
            {[...persistent, ...disks].map((volume) => (
              <VolumeRow
                key={`${volume.kind}:${volume.name}`}
                clusterId={cluster.id}
                volume={volume}
                canChange={canChange}
                providerName={cluster.provider.name}
              />
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
