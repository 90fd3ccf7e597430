import { Scaling } from 'lucide-react';
import type { Cluster, NodePool } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { ScaleForm, loadForms } from './lazy-forms';

/** Sets how many nodes a pool has: new nodes join, or the newest are drained and removed. */
export function ScalePoolDialog({
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
      preload={loadForms}
      trigger={
        <>
          <Scaling aria-hidden="true" />
          Scale
        </>
      }
      triggerProps={{ disabled: !allowed, 'aria-label': `Scale pool ${pool.name}` }}
      title={`Scale pool ${pool.name}`}
      description="Added nodes join one by one; removed ones are drained first, so workloads move before a node goes."
    >
      {(close) => <ScaleForm cluster={cluster} pool={pool} close={close} />}
    </FormDialog>
  );
}
