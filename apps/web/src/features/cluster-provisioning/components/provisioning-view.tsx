import type { Cluster, ClusterEvent } from '@alpenkube/contract';
import { Card, CardContent } from '@/components/ui/card';
import { ClusterHeading } from './cluster-heading';
import { EventLog } from './event-log';
import { NodeJoins } from './node-joins';
import { ProvisioningOutcome } from './provisioning-outcome';
import { ProvisioningProgress } from './provisioning-progress';
import { SimulatedProviderNotice } from './simulated-provider-notice';

/** One cluster's build, as it happens. */
export function ProvisioningView({
  cluster,
  events,
}: {
  cluster: Cluster;
  events: ClusterEvent[] | undefined;
}) {
  return (
    <div className="space-y-6">
      <ClusterHeading cluster={cluster} />
      {cluster.provider.simulated ? (
        <SimulatedProviderNotice provider={cluster.provider.name} />
      ) : null}
      <ProvisioningOutcome cluster={cluster} events={events} />
      <Card>
        <CardContent className="space-y-8 p-4 sm:p-6">
          {/* A failed build's percent says nothing: the outcome above says what happened. */}
          {cluster.status === 'failed' ? null : <ProvisioningProgress cluster={cluster} />}
          <NodeJoins cluster={cluster} />
        </CardContent>
      </Card>
      <EventLog events={events} />
    </div>
  );
}
