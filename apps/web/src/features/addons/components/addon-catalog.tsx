import { useQueries } from '@tanstack/react-query';
import type { Addon, Catalog, ClusterSummary } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { useMoney } from '@/components/pricing/use-money';
import { useCan } from '@/lib/session/use-can';
import { clustersFor, unitWords } from '../addon-rules';
import { clusterAddonsQuery } from '../queries';
import { InstallAddonDialog } from './install-addon-dialog';

function AddonCard({
  addon,
  catalog,
  clusters,
}: {
  addon: Addon;
  catalog: Catalog;
  clusters: ClusterSummary[];
}) {
  const { money } = useMoney();
  const canOrder = useCan('orderer', 'orders:write');
  // The clusters' quotes are the ones their cards read: where it is installed or ordered, it is not offered.
  const quotes = useQueries({
    queries: clustersFor(addon, clusters).map((cluster) => clusterAddonsQuery(cluster.id)),
  });
  const targets = clustersFor(addon, clusters).filter((_, index) => {
    const entry = quotes[index]?.data?.addons.find((candidate) => candidate.slug === addon.slug);
    return !entry || entry.refusal === null;
  });
  const everyTier = catalog.tiers.every((tier) => addon.compatibleTiers.includes(tier.slug));
  const tiers = everyTier
    ? 'every tier'
    : addon.compatibleTiers
        .map((slug) => catalog.tiers.find((tier) => tier.slug === slug)?.name ?? slug)
        .join(', ');
  return (
    <Card
      className="flex flex-col"
      data-testid="addon-card"
      aria-labelledby={`addon-${addon.slug}`}
    >
      <CardHeader className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <CardTitle id={`addon-${addon.slug}`} className="text-base">
            {addon.name}
          </CardTitle>
          <Badge variant="secondary">{addon.category}</Badge>
        </div>
        <CardDescription>{addon.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-2 text-sm">
        <p>
          {addon.priceMonthly === 0 ? (
            <span className="font-semibold text-success">Included</span>
          ) : (
            <>
              <span className="font-semibold tabular-nums">{money(addon.priceMonthly)}</span>{' '}
              <span className="text-muted-foreground">{unitWords(addon)}</span>
            </>
          )}
        </p>
        <p className="text-muted-foreground">
          <span className="font-medium text-foreground">Runs on:</span> {tiers}
        </p>
      </CardContent>
      {canOrder ? (
        <CardFooter className="flex items-center justify-between gap-3">
          <span className="text-xs text-muted-foreground">
            {targets.length === 0
              ? 'No running cluster to take it'
              : `${targets.length} running cluster${targets.length === 1 ? '' : 's'} can take it`}
          </span>
          <InstallAddonDialog
            title={`Install ${addon.name}`}
            addons={[addon]}
            clusters={targets}
            triggerProps={{ 'aria-label': `Install ${addon.name}` }}
          />
        </CardFooter>
      ) : null}
    </Card>
  );
}

/** Every add-on of the catalog: what it does, its price in the display currency, its tiers. */
export function AddonCatalog({
  catalog,
  clusters,
}: {
  catalog: Catalog;
  clusters: ClusterSummary[];
}) {
  return (
    <section aria-labelledby="addon-catalog-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="addon-catalog-title" className="text-xl font-semibold tracking-tight">
          Catalog
        </h2>
        <p className="text-sm text-muted-foreground">
          Prices are per cluster or per node, a month; an add-on installed mid-period is charged for
          the hours left of its cluster&apos;s period, then renews with the cluster.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {catalog.addons.map((addon) => (
          <AddonCard key={addon.slug} addon={addon} catalog={catalog} clusters={clusters} />
        ))}
      </div>
    </section>
  );
}
