import { lazy, Suspense } from 'react';
import type { Cluster, ClusterEvent } from '@alpenkube/contract';
import { useClusterActions } from '../use-cluster-actions';
import { BackupsSection } from './backups-section';
import { ClusterAddons } from './cluster-addons';
import { ClusterEvents } from './cluster-events';
import { ClusterHeading } from './cluster-heading';
import { ClusterLifespanSection } from './cluster-lifespan-section';
import { ClusterOverview } from './cluster-overview';
import { ClusterState } from './cluster-state';
import { KubeconfigSection } from './kubeconfig-section';
import { NodePoolsSection } from './node-pools-section';
import { SimulatedNotice } from './simulated-notice';
import { LoadBalancersSection } from '../storage/load-balancers-section';
import { VolumesSection } from '../storage/volumes-section';
import { ClusterTagsSection } from '../shape/cluster-tags-section';
import { ApiFirewallSection } from '../firewall/firewall-section';
import { MaintenanceSection } from '../maintenance/maintenance-section';
import { MetricsSection } from '../metrics/metrics-section';

// Dev/Test clusters only: a chunk of its own, not on every cluster's page.
const SleepScheduleSection = lazy(() =>
  import('./sleep-schedule-section').then((module) => ({ default: module.SleepScheduleSection })),
);

/** One cluster: its state, its node pools, its access, what it is and what happened to it. */
export function ClusterDetail({
  cluster,
  events,
}: {
  cluster: Cluster;
  events: ClusterEvent[] | undefined;
}) {
  const actions = useClusterActions(cluster.status);
  return (
    <div className="space-y-6">
      <ClusterHeading cluster={cluster} actions={actions} />
      <ClusterState cluster={cluster} actions={actions} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <NodePoolsSection cluster={cluster} canChange={actions.change} />
          <BackupsSection cluster={cluster} />
          {/* On a real provider the platform creates neither (the server refuses them). */}
          <VolumesSection
            cluster={cluster}
            canChange={actions.storage && cluster.provider.simulated}
          />
          <LoadBalancersSection
            cluster={cluster}
            canChange={actions.storage && cluster.provider.simulated}
          />
          {/* Below the fold on first load: its chart code loads as it scrolls into view. */}
          <MetricsSection cluster={cluster} />
          <ClusterEvents events={events} />
        </div>
        <div className="min-w-0 space-y-6">
          <KubeconfigSection cluster={cluster} actions={actions} />
          <ClusterOverview cluster={cluster} canChange={actions.change} />
          <ClusterTagsSection cluster={cluster} canTag={actions.tag} />
          <ApiFirewallSection cluster={cluster} canEdit={actions.firewall} />
          <MaintenanceSection cluster={cluster} canEdit={actions.change} />
          <ClusterAddons cluster={cluster} canChange={actions.change} />
          <ClusterLifespanSection cluster={cluster} canChange={actions.change} />
          {cluster.tier.slug === 'orange' ? (
            <Suspense fallback={null}>
              <SleepScheduleSection cluster={cluster} canChange={actions.change} />
            </Suspense>
          ) : null}
          {cluster.provider.simulated ? <SimulatedNotice /> : null}
        </div>
      </div>
    </div>
  );
}
