import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ClusterSummary } from '@alpenkube/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { useMoney } from '@/components/pricing/use-money';
import { paths } from '@/config/paths';
import { ProviderName, RegionName } from './cluster-facts';
import { ClusterStatusBadge } from './cluster-status-badge';
import { OperationProgress } from './operation-progress';
import { TagChips } from '../shape/tag-chips';

function columns(money: (cents: number) => string): DataTableColumn<ClusterSummary>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (cluster) => (
        <>
          <Link
            to={paths.cluster(cluster.id)}
            className="font-mono whitespace-nowrap text-primary underline-offset-4 hover:underline"
          >
            {cluster.name}
          </Link>
          <span className="mt-0.5 block text-xs font-normal whitespace-nowrap text-muted-foreground">
            Kubernetes {cluster.kubernetesVersion}
          </span>
          {cluster.tags.length ? (
            <div className="mt-1.5">
              <TagChips tags={cluster.tags} label={`Tags of ${cluster.name}`} />
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cellClassName: 'w-52',
      cell: (cluster) => (
        <div className="space-y-1.5">
          <ClusterStatusBadge status={cluster.status} />
          {cluster.operation ? <OperationProgress operation={cluster.operation} compact /> : null}
        </div>
      ),
    },
    { id: 'tier', header: 'Tier', cell: (cluster) => cluster.tier.name },
    {
      id: 'provider',
      header: 'Provider',
      cell: (cluster) => <ProviderName provider={cluster.provider} />,
    },
    { id: 'region', header: 'Region', cell: (cluster) => <RegionName region={cluster.region} /> },
    {
      id: 'nodes',
      header: 'Nodes',
      align: 'right',
      cellClassName: 'tabular-nums',
      cell: (cluster) => cluster.nodeCount,
    },
    {
      id: 'cost',
      header: 'Monthly cost',
      align: 'right',
      cellClassName: 'tabular-nums whitespace-nowrap',
      cell: (cluster) => money(cluster.monthlyCost),
    },
  ];
}

/**
 * The clusters, one row each (wide screens); the name is the link, and a click anywhere on a row
 * follows it too (keyboard users reach the link).
 */
export function ClustersTable({
  clusters,
  placeholder,
}: {
  clusters: readonly ClusterSummary[];
  placeholder?: ReactNode;
}) {
  const navigate = useNavigate();
  const { money } = useMoney();
  const open = (cluster: ClusterSummary) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) return;
    void navigate(paths.cluster(cluster.id));
  };
  return (
    <DataTable
      columns={columns(money)}
      rows={clusters}
      caption="Your organization’s clusters"
      rowKey={(cluster) => cluster.id}
      rowProps={(cluster) => ({
        onClick: open(cluster),
        className: 'cursor-pointer transition-colors hover:bg-muted/50',
        'data-testid': 'cluster-row',
        'data-cluster-name': cluster.name,
      })}
      placeholder={placeholder}
      density="comfortable"
      className="bg-card"
    />
  );
}
