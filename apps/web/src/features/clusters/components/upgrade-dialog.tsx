import { ArrowUpCircle } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { UpgradeForm, loadForms } from './lazy-forms';

/**
 * Upgrades Kubernetes to one of the versions the server offers (the next minor); shown only
 * when it offers one.
 */
export function UpgradeDialog({ cluster, allowed }: { cluster: Cluster; allowed: boolean }) {
  return (
    <FormDialog
      preload={loadForms}
      trigger={
        <>
          <ArrowUpCircle aria-hidden="true" />
          Upgrade to {cluster.upgrades.at(-1)}
        </>
      }
      triggerProps={{ disabled: !allowed }}
      title={`Upgrade ${cluster.name}`}
      description="The control plane is upgraded first, then each node is drained and replaced by one on the new version. The cluster stays up."
    >
      {(close) => <UpgradeForm cluster={cluster} close={close} />}
    </FormDialog>
  );
}
