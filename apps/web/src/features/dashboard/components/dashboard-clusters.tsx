import { useClusterOverview, useLatestClusterEvents } from '../queries';
import { ClustersByStatus } from './clusters-by-status';
import { LatestClusterEvents } from './latest-cluster-events';

/** The clusters' part of the dashboard: counts by status and what happened lately. */
export function DashboardClusters() {
  const overview = useClusterOverview();
  const latest = useLatestClusterEvents(overview.clusters);
  const names = new Map(overview.clusters?.map((cluster) => [cluster.id, cluster.name]));
  return (
    <>
      <ClustersByStatus
        counts={overview.counts}
        error={overview.error}
        onRetry={overview.refetch}
      />
      <LatestClusterEvents
        events={overview.clusters ? latest.events : undefined}
        names={names}
        error={overview.error ? null : latest.error}
        onRetry={latest.refetch}
      />
    </>
  );
}
