import { Trash2 } from 'lucide-react';
import type { Cluster, NodePool } from '@alpenkube/contract';
import { removeNodePool } from '../requests';
import { AutoscaleDialog } from './autoscale-dialog';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { PoolNodes } from './pool-nodes';
import { ScalePoolDialog } from './scale-pool-dialog';
import { PoolLabels, PoolLabelsDialog } from '../shape/pool-labels';

function poolFacts(pool: NodePool) {
  const nodes = `${pool.count} ${pool.count === 1 ? 'node' : 'nodes'}`;
  const autoscale =
    pool.autoscaleMin !== null ? `, autoscales ${pool.autoscaleMin}–${pool.autoscaleMax}` : '';
  return `${pool.size} · ${nodes}${autoscale}`;
}

/** One node pool: what it is, its nodes, and its changes (scale, autoscaling, remove). */
export function NodePoolCard({
  cluster,
  pool,
  canChange,
}: {
  cluster: Cluster;
  pool: NodePool;
  canChange: boolean;
}) {
  const last = cluster.nodePools.length === 1;
  return (
    <section
      aria-labelledby={`pool-${pool.id}`}
      className="space-y-3 rounded-xl border p-3 sm:p-4"
      data-testid="node-pool"
      data-pool-name={pool.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`pool-${pool.id}`} className="font-mono font-semibold">
            {pool.name}
          </h3>
          <p className="text-sm text-muted-foreground" data-testid="pool-facts">
            {poolFacts(pool)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ScalePoolDialog cluster={cluster} pool={pool} allowed={canChange} />
          <AutoscaleDialog cluster={cluster} pool={pool} allowed={canChange} />
          <PoolLabelsDialog cluster={cluster} pool={pool} allowed={canChange} />
          <ConfirmActionDialog
            trigger={
              <>
                <Trash2 aria-hidden="true" />
                Remove
              </>
            }
            triggerProps={{
              disabled: !canChange || last,
              title: last ? 'A cluster keeps at least one node pool' : undefined,
              'aria-label': `Remove pool ${pool.name}`,
            }}
            title={`Remove pool ${pool.name}?`}
            description="Its nodes are drained, so their workloads move to the other pools, then removed. The cluster's monthly cost goes down."
            confirmLabel="Remove pool"
            pendingText="Removing…"
            destructive
            run={() => removeNodePool(cluster.id, pool.id)}
            done={{
              title: 'Node pool being removed',
              description: `Pool ${pool.name} is being drained and removed.`,
            }}
            refused="The pool was not removed"
          />
        </div>
      </div>
      <PoolLabels pool={pool} />
      <PoolNodes cluster={cluster} pool={pool} canChange={canChange} />
    </section>
  );
}
