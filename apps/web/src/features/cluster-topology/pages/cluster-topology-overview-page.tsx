import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { TopologyView } from '../components/topology-view';
import { useOrganizationTopologies } from '../queries';

/** /cluster-topology: every cluster of the organization in one graph, live. */
export function ClusterTopologyOverviewPage() {
  const topologies = useOrganizationTopologies();
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <header className="space-y-1.5 border-b pb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Cluster topology</h1>
        <p className="text-muted-foreground">
          Every cluster of your organization: control planes, node pools with their nodes, and
          add-ons, coloured by status.
        </p>
      </header>
      {topologies.error ? (
        <QueryError
          title="The topology could not be loaded"
          error={topologies.error}
          onRetry={() => void topologies.refetch()}
        />
      ) : !topologies.data ? (
        <Spinner label="Loading the topology…" className="min-h-[40dvh]" />
      ) : topologies.data.length === 0 ? (
        <div className="space-y-4 rounded-xl border border-dashed p-8 text-center">
          <p className="font-medium">Your organization has no cluster yet.</p>
          <Button asChild>
            <Link to={paths.configureCluster}>
              <Plus aria-hidden="true" />
              Configure a cluster
            </Link>
          </Button>
        </div>
      ) : (
        <TopologyView topologies={topologies.data} label="Topology of every cluster" />
      )}
    </div>
  );
}
