import { useParams } from 'react-router';
import type { Cluster, ClusterEvent } from '@alpenkube/contract';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { parseClusterId } from '@/lib/cluster-cache';
import { clusterStatusDisplay } from '../cluster-status';
import { BackLink } from '../components/back-link';
import { ClusterGate } from '../components/cluster-gate';
import { ClusterStatusBadge } from '../components/cluster-status-badge';
import { OperationProgress } from '../components/operation-progress';
import { PageHeading } from '@/components/page/page-heading';
import { StatusTimeline } from '../components/status-timeline';
import { useCluster, useClusterEvents } from '../queries';

function StatusHistory({ cluster, events }: { cluster: Cluster; events?: ClusterEvent[] }) {
  return (
    <div className="space-y-6">
      <PageHeading
        title={
          <span className="flex flex-wrap items-center gap-3">
            Status of <span className="font-mono break-all">{cluster.name}</span>
          </span>
        }
        lead={
          <span className="flex flex-wrap items-center gap-2">
            Now <ClusterStatusBadge status={cluster.status} />
            {cluster.statusReason ?? clusterStatusDisplay[cluster.status].explanation}
          </span>
        }
      />
      {cluster.operation ? <OperationProgress operation={cluster.operation} /> : null}
      <section aria-labelledby="status-history" className="space-y-4">
        <h2 id="status-history" className="font-semibold tracking-tight">
          History
        </h2>
        {events ? (
          <StatusTimeline events={events} />
        ) : (
          <Spinner label="Loading the history…" className="justify-start py-4" />
        )}
      </section>
    </div>
  );
}

/** /clusters/:id/status: the cluster's status changes and failures, with who and when. */
export function ClusterStatusPage() {
  const id = parseClusterId(useParams().id);
  const cluster = useCluster(id);
  const events = useClusterEvents(id);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <BackLink to={id === null ? paths.myClusters : paths.cluster(id)}>
        Back to the cluster
      </BackLink>
      <ClusterGate id={id} query={cluster}>
        {(loaded) => <StatusHistory cluster={loaded} events={events.data} />}
      </ClusterGate>
    </div>
  );
}
