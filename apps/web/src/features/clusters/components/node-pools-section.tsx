import type { Cluster } from '@alpenkube/contract';
import { AddPoolDialog } from './add-pool-dialog';
import { NodePoolCard } from './node-pool-card';
import { SectionCard } from './section-card';

/** The cluster's node pools with their nodes; scale, autoscale, add or remove a pool. */
export function NodePoolsSection({ cluster, canChange }: { cluster: Cluster; canChange: boolean }) {
  const ready = cluster.nodePools.reduce(
    (sum, pool) => sum + pool.nodes.filter((node) => node.status === 'ready').length,
    0,
  );
  return (
    <SectionCard
      title="Node pools"
      description={
        <>
          {ready} of {cluster.nodeCount} nodes ready.
          {cluster.nodePools.length === 1 ? ' A cluster keeps at least one node pool.' : ''}
        </>
      }
      action={<AddPoolDialog cluster={cluster} allowed={canChange} />}
    >
      <div className="space-y-4">
        {cluster.nodePools.map((pool) => (
          <NodePoolCard key={pool.id} cluster={cluster} pool={pool} canChange={canChange} />
        ))}
      </div>
    </SectionCard>
  );
}
