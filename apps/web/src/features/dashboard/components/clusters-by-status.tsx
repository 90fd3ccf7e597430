import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { countedStatuses, type CountedStatus, type StatusCounts } from '../dashboard-clusters';
import { DashboardCard } from './dashboard-card';

const dot: Record<CountedStatus, string> = {
  running: 'bg-success',
  ordered: 'bg-warning',
  provisioning: 'bg-warning',
  updating: 'bg-primary',
  degraded: 'bg-destructive',
  failed: 'bg-destructive',
  deleting: 'bg-muted-foreground',
};

/** Where a status's clusters are seen: those being built on the provisioning page. */
const linkOf = (status: CountedStatus) =>
  status === 'ordered' || status === 'provisioning'
    ? paths.clusterProvisioning
    : `${paths.myClusters}?status=${status}`;

/** How many clusters the organization has in each status, each a link to them. */
export function ClustersByStatus({
  counts,
  error,
  onRetry,
}: {
  counts: StatusCounts | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const shown = counts ? countedStatuses.filter((status) => counts[status] > 0) : [];
  return (
    <DashboardCard
      title="Clusters by status"
      description="Every cluster of your organization that is not deleted."
      link={{ to: paths.myClusters, label: 'All clusters' }}
    >
      {error ? (
        <QueryError title="The clusters could not be loaded" error={error} onRetry={onRetry} />
      ) : !counts ? (
        <Spinner label="Loading the clusters…" className="py-6" />
      ) : shown.length === 0 ? (
        <div className="space-y-3 text-sm text-muted-foreground">
          <p>No cluster yet.</p>
          <Button asChild size="sm">
            <Link to={paths.configureCluster}>
              <Plus aria-hidden="true" />
              Configure a cluster
            </Link>
          </Button>
        </div>
      ) : (
        <ul aria-label="Clusters by status" className="divide-y">
          {shown.map((status) => (
            <li key={status} data-testid="cluster-status-count" data-status={status}>
              <Link
                to={linkOf(status)}
                className="flex items-center gap-3 py-2 text-sm hover:text-primary"
              >
                <span className={cn('size-2.5 rounded-full', dot[status])} aria-hidden="true" />
                <span className="flex-1 capitalize">{status}</span>
                <span className="font-semibold tabular-nums">{counts[status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
