import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { parseClusterId } from '@/lib/cluster-cache';
import { BackLink } from '../components/back-link';
import { ClusterDetail } from '../components/cluster-detail';
import { ClusterGate } from '../components/cluster-gate';
import { useCluster, useClusterEvents } from '../queries';

/**
 * /clusters/:id and /cluster-detail/:id: one cluster with its pools, access, events and
 * changes, followed live through the cluster pushes.
 */
export function ClusterPage() {
  const id = parseClusterId(useParams().id);
  const cluster = useCluster(id);
  const events = useClusterEvents(id);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <BackLink to={paths.myClusters}>All clusters</BackLink>
      <ClusterGate id={id} query={cluster}>
        {(loaded) => <ClusterDetail cluster={loaded} events={events.data} />}
      </ClusterGate>
    </div>
  );
}
