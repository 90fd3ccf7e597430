import { PencilLine } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { RenameForm, loadForms } from './lazy-forms';

/** Renames the cluster; its kubeconfig and nodes keep working, only the name changes. */
export function RenameDialog({ cluster, allowed }: { cluster: Cluster; allowed: boolean }) {
  return (
    <FormDialog
      preload={loadForms}
      trigger={
        <>
          <PencilLine aria-hidden="true" />
          Rename
        </>
      }
      triggerProps={{ disabled: !allowed }}
      title={`Rename ${cluster.name}`}
      description="The new name shows everywhere the cluster is listed. A kubeconfig already downloaded keeps working."
    >
      {(close) => <RenameForm cluster={cluster} close={close} />}
    </FormDialog>
  );
}
