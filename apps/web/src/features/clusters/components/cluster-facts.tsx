import type { ClusterSummary } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { jurisdictionLabels } from '../cluster-status';

/** The provider's name, tagged when the platform only simulates it. */
export function ProviderName({ provider }: { provider: ClusterSummary['provider'] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span>{provider.name}</span>
      {provider.simulated ? (
        <Badge variant="outline" title="No real cloud resources are created">
          Simulated
        </Badge>
      ) : null}
    </span>
  );
}

/** "Frankfurt, DE" with the region's code and whether EU law applies there. */
export function RegionName({
  region,
  withCode = false,
}: {
  region: ClusterSummary['region'];
  withCode?: boolean;
}) {
  const eu = region.jurisdiction === 'eu';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span>
        {region.city}, {region.country}
        {withCode ? (
          <span className="ml-1 font-mono text-xs text-muted-foreground">({region.code})</span>
        ) : null}
      </span>
      <Badge
        variant={eu ? 'success' : 'secondary'}
        title={eu ? 'Data stays under EU jurisdiction' : 'Outside EU jurisdiction'}
      >
        {jurisdictionLabels[region.jurisdiction]}
      </Badge>
    </span>
  );
}
