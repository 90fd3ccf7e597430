import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Cluster } from '@alpenkube/contract';
import { useMoney } from '@/components/pricing/use-money';
import { publicQueries } from '@/lib/public-queries';
import { formatClusterDate } from '../cluster-status';
import { MakeHaDialog } from '../high-availability/make-ha-dialog';
import { ProviderName, RegionName } from './cluster-facts';
import { SectionCard } from './section-card';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** What the cluster is: tier, where it runs, its version and endpoint, and what it costs. */
export function ClusterOverview({
  cluster,
  canChange = false,
}: {
  cluster: Cluster;
  canChange?: boolean;
}) {
  const { money } = useMoney();
  const catalog = useQuery(publicQueries.catalog()).data;
  const plans = catalog?.supportPlans;
  // Offered where the tier sells HA; a provider that cannot do it answers the quote's refusal.
  const haOffered =
    catalog?.tiers.find((tier) => tier.slug === cluster.tier.slug)?.haControlPlanePriceMonthly !=
    null;
  const canMakeHa =
    canChange && haOffered && !cluster.haControlPlane && cluster.status === 'running';
  const plan = plans?.find((candidate) => candidate.slug === cluster.supportPlan)?.name;
  return (
    <SectionCard title="Overview">
      <dl className="divide-y" aria-label="Cluster overview">
        <Fact label="Tier">{cluster.tier.name}</Fact>
        <Fact label="Provider">
          <ProviderName provider={cluster.provider} />
        </Fact>
        <Fact label="Region">
          <RegionName region={cluster.region} withCode />
        </Fact>
        <Fact label="VPC network">
          {cluster.vpc ? (
            <span>
              {cluster.vpc.name}{' '}
              <span className="font-mono text-xs text-muted-foreground">
                ({cluster.vpc.ipRange})
              </span>
            </span>
          ) : (
            <span className="font-normal text-muted-foreground">
              {cluster.provider.simulated ? 'None' : "The provider's default network of the region"}
            </span>
          )}
        </Fact>
        <Fact label="Kubernetes">{cluster.kubernetesPatch}</Fact>
        <Fact label="Control plane">
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            {cluster.haControlPlane ? 'Highly available (3 zones)' : 'Single zone'}
            {canMakeHa ? <MakeHaDialog cluster={cluster} /> : null}
          </span>
        </Fact>
        <Fact label="API endpoint">
          {cluster.endpoint ? (
            <span className="font-mono text-xs break-all">{cluster.endpoint}</span>
          ) : (
            <span className="font-normal text-muted-foreground">Once the control plane is up</span>
          )}
        </Fact>
        <Fact label="Monthly cost">
          <span className="tabular-nums" data-testid="monthly-cost">
            {money(cluster.monthlyCost)}
          </span>
        </Fact>
        <Fact label="Support plan">{plan ?? cluster.supportPlan}</Fact>
        <Fact label="Created">
          <time dateTime={cluster.createdAt}>{formatClusterDate(cluster.createdAt)}</time>
        </Fact>
      </dl>
    </SectionCard>
  );
}
