import { Network, Plus } from 'lucide-react';
import type { Cluster, LoadBalancer } from '@alpenkube/contract';
import { EGRESS_GB_CENTS } from '@alpenkube/contract/pricing';
import { Badge } from '@/components/ui/badge';
import { FormAlert } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useMoney } from '@/components/pricing/use-money';
import { SectionCard } from '../components/section-card';
import { LoadBalancerForm, loadStorageForms } from './lazy-storage-forms';
import { RemoveResourceDialog } from './remove-resource-dialog';
import { deleteLoadBalancer, loadBalancersQuery, useLoadBalancers } from './storage-queries';

const gb = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: 3 })} GB`;

function LoadBalancerRow({
  clusterId,
  balancer,
  canChange,
  providerName,
}: {
  clusterId: number;
  balancer: LoadBalancer;
  canChange: boolean;
  providerName: string;
}) {
  return (
    <li className="flex items-center gap-3 py-2">
      <Network aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-mono text-sm [overflow-wrap:anywhere]">{balancer.name}</span>
          <span className="font-mono text-xs">{balancer.ip}</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          Egress this month: {gb(balancer.egressGbThisMonth)}
          {balancer.simulatedTraffic ? <Badge variant="warning">Simulated traffic</Badge> : null}
          {balancer.observed ? <Badge variant="secondary">Observed at {providerName}</Badge> : null}
        </p>
      </div>
      {balancer.observed ? null : (
        <RemoveResourceDialog
          label={`Delete load balancer ${balancer.name}`}
          title={`Delete load balancer ${balancer.name}?`}
          description={`Its address ${balancer.ip} is released; traffic through it stops.`}
          done={`Load balancer ${balancer.name} deleted`}
          queryKey={loadBalancersQuery(clusterId).queryKey}
          run={() => deleteLoadBalancer(clusterId, balancer.id)}
          disabled={!canChange}
        />
      )}
    </li>
  );
}

/**
 * The cluster's load balancers: egress is the traffic sent out through them. On a simulated
 * provider that traffic is generated, and said so on each one.
 */
export function LoadBalancersSection({
  cluster,
  canChange,
}: {
  cluster: Cluster;
  canChange: boolean;
}) {
  const balancers = useLoadBalancers(cluster.id);
  const { money } = useMoney();
  return (
    <SectionCard
      title="Load balancers"
      description={`Egress through them costs ${money(EGRESS_GB_CENTS * 100)} per 100 GB.`}
      action={
        <FormDialog
          preload={loadStorageForms}
          trigger={
            <>
              <Plus aria-hidden="true" />
              Add load balancer
            </>
          }
          triggerProps={{ disabled: !canChange }}
          title={`Add a load balancer to ${cluster.name}`}
          description={`A public address for a service of the cluster; what it sends out is billed ${money(EGRESS_GB_CENTS * 100)} per 100 GB.`}
        >
          {(close) => <LoadBalancerForm clusterId={cluster.id} close={close} />}
        </FormDialog>
      }
    >
      {balancers.isPending ? (
        <Spinner label="Loading the load balancers…" className="py-4" />
      ) : balancers.error ? (
        <FormAlert variant="error" title="The load balancers could not be loaded">
          {balancers.error.message}
        </FormAlert>
      ) : (
        <div className="space-y-3">
          {cluster.provider.simulated ? null : balancers.data.observesProvider ? (
            <p className="text-sm text-muted-foreground">
              On {cluster.provider.name}, load balancers are made from inside the cluster (a Service
              of type LoadBalancer), not here: the platform observes them at {cluster.provider.name}{' '}
              every few minutes and lists them while they are there. Egress through them is not
              billed: {cluster.provider.name}&apos;s API does not report it. Deleting the cluster
              deletes them.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              On {cluster.provider.name}, volumes and load balancers are made from inside the
              cluster (a PersistentVolumeClaim, a Service of type LoadBalancer): the platform does
              not create them there, nor list or bill them yet.
            </p>
          )}
          {balancers.data.simulatedTraffic ? (
            <p className="text-sm text-muted-foreground">
              Simulated provider: the traffic through these load balancers is generated, the same
              for each hour whenever it is asked for, and billed as egress like real traffic.
            </p>
          ) : null}
          {balancers.data.loadBalancers.length ? (
            <ul aria-label="Load balancers" className="divide-y">
              {balancers.data.loadBalancers.map((balancer) => (
                <LoadBalancerRow
                  key={balancer.id}
                  clusterId={cluster.id}
                  balancer={balancer}
                  canChange={canChange}
                  providerName={cluster.provider.name}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm">No load balancer: no egress is billed.</p>
          )}
        </div>
      )}
    </SectionCard>
  );
}
