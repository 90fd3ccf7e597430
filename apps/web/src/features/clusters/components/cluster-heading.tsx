import { Link } from 'react-router';
import { History, Network } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ClusterActions } from '../use-cluster-actions';
import { ClusterStatusBadge } from './cluster-status-badge';
import { DeleteClusterDialog } from './delete-cluster-dialog';
import { PageHeading } from './page-heading';
import { RenameDialog } from './rename-dialog';
import { UpgradeDialog } from './upgrade-dialog';

/** The cluster's name and status, what it is in a line, and the changes of the whole cluster. */
export function ClusterHeading({
  cluster,
  actions,
}: {
  cluster: Cluster;
  actions: ClusterActions;
}) {
  return (
    <PageHeading
      title={
        <span className="flex flex-wrap items-center gap-3">
          <span className="font-mono break-all">{cluster.name}</span>
          <ClusterStatusBadge status={cluster.status} className="text-sm" />
        </span>
      }
      lead={
        <p>
          {cluster.tier.name} · Kubernetes {cluster.kubernetesPatch} · {cluster.region.city},{' '}
          {cluster.region.country}
        </p>
      }
    >
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
          <UpgradeDialog cluster={cluster} allowed={actions.change} />
          <DeleteClusterDialog cluster={cluster} allowed={actions.delete} />
        </>
      ) : null}
    </PageHeading>
  );
}
