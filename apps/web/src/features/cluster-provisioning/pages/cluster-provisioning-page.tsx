import { Link, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { parseClusterId } from '@/lib/cluster-cache';
import { HttpError } from '@/lib/http';
import { ClustersInProgress } from '../components/clusters-in-progress';
import { ProvisioningView } from '../components/provisioning-view';
import { useCluster, useClusterEvents } from '../queries';

function ClusterProvisioning({ id }: { id: number }) {
  const cluster = useCluster(id);
  const events = useClusterEvents(id);
  if (cluster.error instanceof HttpError && cluster.error.status === 404) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">Cluster not found</h1>
        <p className="text-muted-foreground">
          No cluster of your organization has this number.{' '}
          <Link to={paths.clusterProvisioning} className="font-medium text-primary hover:underline">
            See the clusters being built
          </Link>
        </p>
      </div>
    );
  }
  if (cluster.error) {
    return (
      <>
        <h1 className="sr-only">Cluster provisioning</h1>
        <QueryError
          title="The cluster could not be loaded"
          error={cluster.error}
          onRetry={() => void cluster.refetch()}
        />
      </>
    );
  }
  if (!cluster.data) return <Spinner label="Loading the cluster…" className="min-h-[40dvh]" />;
  return <ProvisioningView cluster={cluster.data} events={events.data} />;
}

/**
 * /cluster-provisioning (and /clusters/provisioning), slide layout: `?cluster=<id>` follows that
 * cluster's build live; without it, the clusters being built are listed to pick from.
 */
export function ClusterProvisioningPage() {
  const [search] = useSearchParams();
  const id = parseClusterId(search.get('cluster'));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      {/* Back to the wizard slides backward, as the way here slid forward. */}
      <nav aria-label="Back" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link
          to={paths.configureCluster}
          className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to configuration
        </Link>
        <Link to={paths.myClusters} className="text-muted-foreground hover:text-foreground">
          Your clusters
        </Link>
      </nav>
      {id === null ? <ClustersInProgress /> : <ClusterProvisioning id={id} />}
    </div>
  );
}
