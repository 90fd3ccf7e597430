import { Link } from 'react-router';
import { ArrowRight, Plus } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { provisioningPercent } from '../provisioning-state';
import { useClustersInProgress } from '../queries';
import { provisioningPath } from '../provisioning-path';

/** With no cluster named: the organization's clusters being built, to pick one, or none. */
export function ClustersInProgress() {
  const building = useClustersInProgress();
  return (
    <div className="space-y-6">
      <header className="space-y-1.5 border-b pb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Cluster provisioning</h1>
        <p className="text-muted-foreground">Watch a cluster being built, step by step.</p>
      </header>
      {building.error ? (
        <QueryError
          title="The clusters could not be loaded"
          error={building.error}
          onRetry={() => void building.refetch()}
        />
      ) : !building.clusters ? (
        <Spinner label="Loading the clusters being built…" className="py-10" />
      ) : building.clusters.length === 0 ? (
        <div className="space-y-4 rounded-xl border border-dashed p-8 text-center">
          <p className="font-medium">No cluster is being built right now.</p>
          <p className="text-sm text-muted-foreground">
            Order one, and its provisioning shows here as it happens.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to={paths.configureCluster}>
                <Plus aria-hidden="true" />
                Configure a cluster
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.myClusters}>Your clusters</Link>
            </Button>
          </div>
        </div>
      ) : (
        <ul aria-label="Clusters being built" className="divide-y rounded-xl border bg-card">
          {building.clusters.map((cluster) => (
            <li key={cluster.id}>
              <Link
                to={provisioningPath(cluster.id)}
                className="flex items-center gap-4 p-4 hover:bg-muted/50 focus-visible:bg-muted/50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{cluster.name}</span>
                  <span className="block text-sm text-muted-foreground">
                    {cluster.tier.name} · {cluster.provider.name} · {cluster.region.city}
                  </span>
                </span>
                <span className="text-sm text-muted-foreground tabular-nums capitalize">
                  {cluster.status} · {provisioningPercent(cluster)}%
                </span>
                <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
