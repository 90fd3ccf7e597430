import { Gauge } from 'lucide-react';
import type { Cluster, NodePool } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { AutoscaleForm, loadForms } from './lazy-forms';

/** Sets or clears a pool's autoscaling limits: no machine changes, so it applies at once. */
export function AutoscaleDialog({
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
          <Gauge aria-hidden="true" />
          Autoscaling
        </>
      }
      triggerProps={{ disabled: !allowed, 'aria-label': `Autoscaling of pool ${pool.name}` }}
      title={`Autoscaling of pool ${pool.name}`}
    >
      {(close) => <AutoscaleForm cluster={cluster} pool={pool} close={close} />}
    </FormDialog>
  );
}
