import { Link } from 'react-router';
import { History, Network } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ClusterActions } from '../use-cluster-actions';
import { ClusterStatusBadge } from './cluster-status-badge';
import { DeleteClusterDialog } from './delete-cluster-dialog';
import { RenameDialog } from './rename-dialog';
import { UpgradeDialog } from './upgrade-dialog';

/**
 * The cluster's name and status, what it is in a line, and a row of the ways on: its status
 * history and topology, and the changes of the whole cluster.
 */
export function ClusterHeading({
  cluster,
  actions,
}: {
  cluster: Cluster;
  actions: ClusterActions;
}) {
  return (
    <header className="space-y-4 border-b pb-6">
      <div className="space-y-1.5">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight sm:text-3xl">
          <span className="font-mono break-all">{cluster.name}</span>
          <ClusterStatusBadge status={cluster.status} className="text-sm" />
        </h1>
        <p className="text-muted-foreground">
          {cluster.tier.name} · Kubernetes {cluster.kubernetesPatch} · {cluster.region.city},{' '}
          {cluster.region.country}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.clusterStatus(cluster.id)}>
            <History aria-hidden="true" />
            Status history
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.clusterTopology(cluster.id)}>
            <Network aria-hidden="true" />
            Topology
          </Link>
        </Button>
        {actions.canOrder ? (
          <>
            <RenameDialog cluster={cluster} allowed={actions.rename} />
            {cluster.upgrades.length ? (
              <UpgradeDialog cluster={cluster} allowed={actions.change} />
            ) : null}
            <DeleteClusterDialog cluster={cluster} allowed={actions.delete} />
          </>
        ) : null}
      </div>
    </header>
  );
}
