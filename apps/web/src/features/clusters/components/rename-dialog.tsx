import { PencilLine } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { ActionFormDialog } from './action-form-dialog';
import { RenameForm } from './lazy-forms';

/** Renames the cluster; its kubeconfig and nodes keep working, only the name changes. */
export function RenameDialog({ cluster, allowed }: { cluster: Cluster; allowed: boolean }) {
  return (
    <ActionFormDialog
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
    </ActionFormDialog>
  );
}
