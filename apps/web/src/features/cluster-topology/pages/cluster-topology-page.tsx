import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { parseClusterId } from '@/lib/cluster-cache';
import { HttpError } from '@/lib/http';
import { TopologyView } from '../components/topology-view';
import { useClusterTopology } from '../queries';

/** /clusters/:id/topology: one cluster's graph, live. */
export function ClusterTopologyPage() {
  const id = parseClusterId(useParams().id);
  const topology = useClusterTopology(id);
  const notFound =
    id === null || (topology.error instanceof HttpError && topology.error.status === 404);

  let body;
  if (notFound) {
    body = (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Cluster not found</h1>
        <p className="text-muted-foreground">No cluster of your organization has this number.</p>
      </>
    );
  } else if (topology.error) {
    body = (
      <>
        <h1 className="sr-only">Cluster topology</h1>
        <QueryError
          title="The topology could not be loaded"
          error={topology.error}
          onRetry={() => void topology.refetch()}
        />
      </>
    );
  } else if (!topology.data) {
    body = <Spinner label="Loading the topology…" className="min-h-[40dvh]" />;
  } else {
    body = (
      <>
        <header className="space-y-1.5 border-b pb-6">
          <h1 className="text-2xl font-semibold tracking-tight break-all sm:text-3xl">
            Topology of {topology.data.name}
          </h1>
          <p className="text-muted-foreground">
            Its control plane, node pools with their nodes, and add-ons, as they are now.
          </p>
        </header>
        <TopologyView topologies={[topology.data]} label={`Topology of ${topology.data.name}`} />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {id !== null && !notFound ? (
          <Link
            to={paths.cluster(id)}
            className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to the cluster
          </Link>
        ) : (
          <span />
        )}
        <Link
          to={paths.clusterTopologyOverview}
          className="font-medium text-primary hover:underline"
        >
          Every cluster&apos;s topology
        </Link>
      </div>
      {body}
    </div>
  );
}
