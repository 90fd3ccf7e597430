import { RefreshCw } from 'lucide-react';
import type { Cluster, NodePool } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { clusterStatusDisplay, nodeStatusDisplay } from '../cluster-status';
import { recycleNode } from '../requests';
import { ConfirmActionDialog } from './confirm-action-dialog';

type Node = NodePool['nodes'][number];

function columns(cluster: Cluster, canChange: boolean): DataTableColumn<Node>[] {
  return [
    {
      id: 'name',
      header: 'Node',
      rowHeader: true,
      className: 'px-3',
      cellClassName: 'font-mono text-xs [overflow-wrap:anywhere] sm:whitespace-nowrap',
      cell: (node) => node.name,
    },
    {
      id: 'status',
      header: 'Status',
      className: 'px-3',
      cell: (node) => (
        <Badge variant={nodeStatusDisplay[node.status].variant} data-status={node.status}>
          {nodeStatusDisplay[node.status].label}
        </Badge>
      ),
    },
    {
      id: 'zone',
      header: 'Zone',
      className: 'hidden px-3 sm:table-cell',
      cellClassName: 'whitespace-nowrap',
      cell: (node) => node.zone,
    },
    {
      id: 'version',
      header: 'Version',
      className: 'hidden px-3 sm:table-cell',
      cellClassName: 'tabular-nums',
      cell: (node) => node.version,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'w-12 px-2',
      cell: (node) => (
        <ConfirmActionDialog
          trigger={<RefreshCw aria-hidden="true" />}
          triggerProps={{
            variant: 'ghost',
            size: 'icon',
            className: 'size-8',
            title: 'Recycle the node',
            disabled: !canChange || node.status !== 'ready',
            'aria-label': `Recycle node ${node.name}`,
          }}
          title={`Recycle node ${node.name}?`}
          description="Its workloads are moved to the other nodes, then the node is replaced by a fresh one of the same size. Use it for a node that misbehaves."
          confirmLabel="Recycle node"
          pendingText="Recycling…"
          run={() => recycleNode(cluster.id, node.name)}
          done={{ title: 'Node being recycled', description: `${node.name} is being replaced.` }}
          refused="The node was not recycled"
        />
      ),
    },
  ];
}

/** A pool's nodes as they exist now: joining while they boot, then ready. */
export function PoolNodes({
  cluster,
  pool,
  canChange,
}: {
  cluster: Cluster;
  pool: NodePool;
  canChange: boolean;
}) {
  return (
    <DataTable
      columns={columns(cluster, canChange)}
      rows={pool.nodes}
      caption={`Nodes of pool ${pool.name}`}
      rowKey={(node) => node.name}
      rowProps={(node) => ({ 'data-testid': 'cluster-node', 'data-node-name': node.name })}
      placeholder={
        pool.nodes.length
          ? undefined
          : cluster.status === 'ordered' || clusterStatusDisplay[cluster.status].busy
            ? 'No node yet: they appear as they join.'
            : 'No node.'
      }
      header="subtle"
    />
  );
}
