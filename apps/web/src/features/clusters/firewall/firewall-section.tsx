import { lazy } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { SectionCard } from '../components/section-card';

const loadForm = () => import('./firewall-form');
const ApiAllowlistForm = lazy(() => loadForm().then((m) => ({ default: m.ApiAllowlistForm })));

/**
 * The control-plane firewall: which addresses may reach the cluster's Kubernetes API. The
 * platform's API listener answers 403 to any other address (kubectl prints "Forbidden").
 */
export function ApiFirewallSection({ cluster, canEdit }: { cluster: Cluster; canEdit: boolean }) {
  const list = cluster.apiAllowlist;
  return (
    <SectionCard
      title="Control-plane firewall"
      description="The addresses that may reach the cluster's Kubernetes API (kubectl). Others are refused with 403."
      action={
        <FormDialog
          preload={loadForm}
          trigger={
            <>
              <ShieldCheck aria-hidden="true" />
              Edit allowlist
            </>
          }
          triggerProps={{
            disabled: !canEdit,
            'aria-label': `Edit allowlist of ${cluster.name}`,
          }}
          title={`Control-plane allowlist of ${cluster.name}`}
        >
          {(close) => <ApiAllowlistForm cluster={cluster} close={close} />}
        </FormDialog>
      }
    >
      {list.length ? (
        <ul aria-label="Allowed addresses" className="flex flex-wrap gap-2">
          {list.map((cidr) => (
            <li key={cidr} className="rounded-md border px-2 py-0.5 font-mono text-sm">
              {cidr}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          Open to all addresses. Add CIDRs to allow only your offices, VPN or CI runners.
        </p>
      )}
    </SectionCard>
  );
}
