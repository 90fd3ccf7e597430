import { Link } from 'react-router';
import { TagChips } from '../shape/tag-chips';
import type { ClusterSummary } from '@alpenkube/contract';
import { useMoney } from '@/components/pricing/use-money';
import { paths } from '@/config/paths';
import { ProviderName, RegionName } from './cluster-facts';
import { ClusterStatusBadge } from './cluster-status-badge';
import { OperationProgress } from './operation-progress';

/** The clusters as cards, for a phone: a table's seven columns do not fit its width. */
export function ClusterCards({ clusters }: { clusters: readonly ClusterSummary[] }) {
  const { money } = useMoney();
  return (
    <ul aria-label="Your organization’s clusters" className="space-y-3">
      {clusters.map((cluster) => (
        <li
          key={cluster.id}
          className="rounded-xl border bg-card p-4 shadow-sm"
          data-testid="cluster-card"
          data-cluster-name={cluster.name}
        >
          <div className="flex items-start justify-between gap-3">
            <Link
              to={paths.cluster(cluster.id)}
              className="min-w-0 font-mono font-semibold break-all text-primary underline-offset-4 hover:underline"
            >
              {cluster.name}
            </Link>
            <ClusterStatusBadge status={cluster.status} className="shrink-0" />
          </div>
          {cluster.operation ? (
            <OperationProgress operation={cluster.operation} compact className="mt-2" />
          ) : null}
          {cluster.tags.length ? (
            <div className="mt-2">
              <TagChips tags={cluster.tags} label={`Tags of ${cluster.name}`} />
            </div>
          ) : null}
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className="sr-only">Region</dt>
              <dd>
                <RegionName region={cluster.region} />
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="sr-only">Provider</dt>
              <dd>
                <ProviderName provider={cluster.provider} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Tier</dt>
              <dd>{cluster.tier.name}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Nodes</dt>
              <dd className="tabular-nums">{cluster.nodeCount}</dd>
            </div>
            <div className="col-span-2 flex items-baseline justify-between border-t pt-2">
              <dt className="text-xs text-muted-foreground">Monthly cost</dt>
              <dd className="font-medium tabular-nums">{money(cluster.monthlyCost)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
