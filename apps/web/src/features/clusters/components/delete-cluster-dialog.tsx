import { Trash2 } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { DeleteForm, loadForms } from './lazy-forms';

/**
 * Deletes the cluster once its name is typed again: the nodes, the volumes and load balancers
 * (at a real provider too), the data and the credentials go.
 */
export function DeleteClusterDialog({ cluster, allowed }: { cluster: Cluster; allowed: boolean }) {
  return (
    <FormDialog
      preload={loadForms}
      trigger={
        <>
          <Trash2 aria-hidden="true" />
          Delete
        </>
      }
      triggerProps={{
        disabled: !allowed,
        className: 'text-destructive hover:text-destructive',
      }}
      title={`Delete ${cluster.name}?`}
      description="Its nodes, its workloads with their volumes and load balancers, and their data are removed for good, and every kubeconfig stops working. This cannot be undone."
    >
      {() => <DeleteForm cluster={cluster} />}
    </FormDialog>
  );
}
