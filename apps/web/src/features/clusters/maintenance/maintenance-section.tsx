import { lazy } from 'react';
import { CalendarClock } from 'lucide-react';
import type { Cluster, ClusterMaintenance } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { SectionCard } from '../components/section-card';
import { dayNames, hourWords, windowTime } from './maintenance-words';

const loadForm = () => import('./maintenance-form');
const MaintenanceForm = lazy(() => loadForm().then((m) => ({ default: m.MaintenanceForm })));

function plannedWords(cluster: Cluster, planned: ClusterMaintenance['planned']) {
  if (!planned) {
    if (cluster.maintenance.providerPatches) {
      return 'Nothing planned: the provider ships its own patch releases.';
    }
    return cluster.maintenance.autoUpgrade
      ? `Nothing planned: ${cluster.kubernetesPatch} is the newest patch of ${cluster.kubernetesVersion}.`
      : 'Nothing planned: patch releases are not applied automatically.';
  }
  const when = windowTime(planned.at, cluster.maintenance.timeZone);
  return planned.reason === 'patch'
    ? `Patch ${planned.version} in the window of ${when}.`
    : `Kubernetes ${cluster.kubernetesVersion} reaches its end of support on ${planned.endOfSupport}: upgraded to ${planned.version} in the window of ${when}, after notices 30, 7 and 1 days before.`;
}

/**
 * The cluster's maintenance window: when changes nobody asked for happen (patch releases while
 * auto-upgrade is on, an end-of-support upgrade), its next start, and what is planned there.
 * Node pools are upgraded by surge, node by node, in the events below.
 */
export function MaintenanceSection({ cluster, canEdit }: { cluster: Cluster; canEdit: boolean }) {
  const { maintenance } = cluster;
  return (
    <SectionCard
      title="Maintenance"
      description="Upgrades nobody asked for start only in this weekly window. Nodes are replaced one at a time: a new node joins before an old one is drained."
      action={
        <FormDialog
          preload={loadForm}
          trigger={
            <>
              <CalendarClock aria-hidden="true" />
              Edit window
            </>
          }
          triggerProps={{
            disabled: !canEdit,
            'aria-label': `Edit window: maintenance of ${cluster.name}`,
          }}
          title={`Maintenance window of ${cluster.name}`}
        >
          {(close) => <MaintenanceForm cluster={cluster} close={close} />}
        </FormDialog>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Window</dt>
        <dd data-testid="maintenance-window">
          {dayNames[maintenance.day]}s {hourWords(maintenance.hour)}–
          {hourWords((maintenance.hour + 4) % 24)} ({maintenance.timeZone}
          {maintenance.regionTimeZone ? ", the region's time zone" : ''})
        </dd>
        <dt className="text-muted-foreground">Next window</dt>
        <dd>{windowTime(maintenance.nextWindow, maintenance.timeZone)}</dd>
        <dt className="text-muted-foreground">Runs</dt>
        <dd data-testid="maintenance-runs">Kubernetes {cluster.kubernetesPatch}</dd>
        <dt className="text-muted-foreground">Auto-upgrade</dt>
        <dd>{maintenance.autoUpgrade ? 'On: patch releases are applied' : 'Off'}</dd>
        <dt className="text-muted-foreground">Planned</dt>
        <dd data-testid="maintenance-planned">{plannedWords(cluster, maintenance.planned)}</dd>
      </dl>
      {cluster.provider.simulated ? (
        <p className="mt-3 text-xs text-muted-foreground">
          Simulated provider: the upgrade runs with the simulation&apos;s own timings.
        </p>
      ) : null}
    </SectionCard>
  );
}
