import { Plus } from 'lucide-react';
import type { Tier } from '@alpenkube/contract';
import type { NodePoolConfig } from '@alpenkube/contract/pricing';
import { Button } from '@/components/ui/button';
import { MAX_NODE_POOLS, nodeLimits } from '@/lib/catalog/cluster-config-rules';
import type { FieldIssues } from '../use-estimator-config';
import { NodePoolRow } from './node-pool-row';

/** The pools, and their total against the tier's limits. */
export function NodePoolsField({
  pools,
  tier,
  issues,
  onPools,
  onAddPool,
}: {
  pools: NodePoolConfig[];
  tier: Tier | undefined;
  issues: FieldIssues;
  onPools: (pools: NodePoolConfig[]) => void;
  onAddPool: () => void;
}) {
  const total = pools.reduce((sum, pool) => sum + pool.count, 0);
  const totalIssue = issues.get('nodePools');
  return (
    <div className="space-y-4">
      {pools.map((pool, index) => (
        <NodePoolRow
          key={index}
          pool={pool}
          index={index}
          tier={tier}
          issues={issues}
          onChange={(next) => onPools(pools.map((each, at) => (at === index ? next : each)))}
          onRemove={
            pools.length > 1 ? () => onPools(pools.filter((_, at) => at !== index)) : undefined
          }
        />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total} {total === 1 ? 'node' : 'nodes'} in {pools.length}{' '}
          {pools.length === 1 ? 'pool' : 'pools'}
          {tier && `; ${tier.name} takes ${nodeLimits(tier)}`}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={pools.length >= MAX_NODE_POOLS}
          onClick={onAddPool}
        >
          <Plus aria-hidden="true" />
          Add node pool
        </Button>
      </div>
      {totalIssue && (
        <p role="alert" className="text-sm text-destructive">
          {totalIssue}
        </p>
      )}
    </div>
  );
}
