import { Link } from 'react-router';
import type { ClusterEvent } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DashboardCard, shortDateTime } from './dashboard-card';

/** What happened lately to the clusters with work under way or the latest changes. */
export function LatestClusterEvents({
  events,
  names,
  error,
  onRetry,
}: {
  events: ClusterEvent[] | undefined;
  /** Cluster names by id, to say whose event it is. */
  names: ReadonlyMap<number, string>;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <DashboardCard
      title="Latest cluster events"
      description="From the clusters with work under way or the latest changes."
    >
      {error ? (
        <QueryError
          title="The cluster events could not be loaded"
          error={error}
          onRetry={onRetry}
        />
      ) : !events ? (
        <Spinner label="Loading the events…" className="py-6" />
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened to a cluster yet.</p>
      ) : (
        <ol aria-label="Latest cluster events" className="space-y-3">
          {events.map((event) => (
            <li key={event.id} className="text-sm" data-testid="dashboard-cluster-event">
              <p className="break-words">{event.message}</p>
              <p className="text-xs text-muted-foreground">
                <Link to={paths.cluster(event.clusterId)} className="font-medium hover:underline">
                  {names.get(event.clusterId) ?? `Cluster ${event.clusterId}`}
                </Link>{' '}
                · <time dateTime={event.at}>{shortDateTime(event.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </DashboardCard>
  );
}
