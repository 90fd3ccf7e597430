import { Plus } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { AddPoolForm, loadForms } from './lazy-forms';

/** Adds a node pool of one of the tier's sizes; the cluster's monthly cost grows with it. */
export function AddPoolDialog({ cluster, allowed }: { cluster: Cluster; allowed: boolean }) {
  return (
    <FormDialog
      preload={loadForms}
      trigger={
        <>
          <Plus aria-hidden="true" />
          Add pool
        </>
      }
      triggerProps={{ disabled: !allowed }}
      title={`Add a node pool to ${cluster.name}`}
      description="Nodes of another size beside the existing pools, for workloads that need them."
    >
      {(close) => <AddPoolForm cluster={cluster} close={close} />}
    </FormDialog>
  );
}
