import type { ClusterNode } from '@alpenkube/contract';
import { CircleCheck, CircleDashed, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { poolNodes } from '../provisioning-state';
import type { Cluster } from '@alpenkube/contract';

const nodeLook: Record<
  ClusterNode['status'],
  { label: string; icon: typeof CircleCheck; tone: string; spin?: boolean }
> = {
  joining: { label: 'Joining', icon: Loader2, tone: 'border-warning/60 bg-warning/10', spin: true },
  ready: { label: 'Ready', icon: CircleCheck, tone: 'border-success/50 bg-success/10' },
  recycling: { label: 'Recycling', icon: RefreshCw, tone: 'border-primary/40 bg-primary/5' },
  removing: { label: 'Removing', icon: Trash2, tone: 'border-border bg-muted' },
};

function NodeItem({ node }: { node: ClusterNode }) {
  const look = nodeLook[node.status];
  const Icon = look.icon;
  return (
    <li
      className={cn('flex items-center gap-2 rounded-lg border px-3 py-2 text-sm', look.tone)}
      data-testid="provisioning-node"
      data-status={node.status}
    >
      <Icon
        className={cn('size-4 shrink-0', look.spin && 'animate-spin motion-reduce:animate-none')}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1 truncate font-mono text-xs" title={node.name}>
        {node.name}
      </span>
      <span className="shrink-0 text-xs text-muted-foreground">
        {look.label} · {node.zone}
      </span>
    </li>
  );
}

/** Each pool's nodes as they appear and join, and a dashed place for each one still to come. */
export function NodeJoins({ cluster }: { cluster: Cluster }) {
  const pools = poolNodes(cluster);
  return (
    <section aria-labelledby="provisioning-nodes" className="space-y-4">
      <h2 id="provisioning-nodes" className="font-semibold tracking-tight">
        Nodes
      </h2>
      {pools.map((pool) => (
        <div key={pool.id} className="space-y-2">
          <h3 className="text-sm font-medium">
            Pool {pool.name}{' '}
            <span className="font-normal text-muted-foreground">
              · {pool.count} × {pool.size}
            </span>
          </h3>
          <ul aria-label={`Nodes of pool ${pool.name}`} className="grid gap-2 sm:grid-cols-2">
            {pool.nodes.map((node) => (
              <NodeItem key={node.name} node={node} />
            ))}
            {Array.from({ length: pool.pending }, (_, index) => (
              <li
                key={`pending-${index}`}
                className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground"
              >
                <CircleDashed className="size-4 shrink-0" aria-hidden="true" />
                Waiting to start
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
