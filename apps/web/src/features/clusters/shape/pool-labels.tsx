import { Tag } from 'lucide-react';
import type { Cluster, NodePool } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { loadShapeForms, PoolLabelsForm } from './lazy-shape-forms';
import { labelText, taintText } from './shape-words';

function Chips({ items, label }: { items: string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The pool's Kubernetes labels and taints, which every one of its nodes carries. */
export function PoolLabels({ pool }: { pool: NodePool }) {
  const labels = Object.entries(pool.labels).map(labelText).sort();
  const taints = pool.taints.map(taintText);
  if (!labels.length && !taints.length) return null;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3" data-testid="pool-labels">
      {labels.length ? (
        <>
          <dt className="text-muted-foreground">Labels</dt>
          <dd>
            <Chips items={labels} label={`Labels of pool ${pool.name}`} />
          </dd>
        </>
      ) : null}
      {taints.length ? (
        <>
          <dt className="text-muted-foreground">Taints</dt>
          <dd>
            <Chips items={taints} label={`Taints of pool ${pool.name}`} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** Edits the pool's labels and taints: no machine changes, so its nodes carry them at once. */
export function PoolLabelsDialog({
  cluster,
  pool,
  allowed,
}: {
  cluster: Cluster;
  pool: NodePool;
  allowed: boolean;
}) {
  return (
    <FormDialog
      preload={loadShapeForms}
      trigger={
        <>
          <Tag aria-hidden="true" />
          Labels
        </>
      }
      triggerProps={{
        disabled: !allowed,
        'aria-label': `Labels and taints of pool ${pool.name}`,
      }}
      title={`Labels and taints of pool ${pool.name}`}
      description="Kubernetes labels and taints of every node of the pool: kubectl get nodes --show-labels and kubectl describe node show them."
      wide
    >
      {(close) => <PoolLabelsForm cluster={cluster} pool={pool} close={close} />}
    </FormDialog>
  );
}
