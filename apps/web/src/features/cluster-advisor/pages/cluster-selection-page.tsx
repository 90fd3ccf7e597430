import { useMemo } from 'react';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import type { Catalog } from '@alpenkube/contract';
import { PageHeader } from '@/components/page/page-header';
import { WithCatalog } from '@/components/page/with-catalog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CurrencySelect } from '@/lib/currency';
import { TierCards } from '../components/tier-cards';
import { TierComparisonTable } from '../components/tier-comparison-table';
import { compareTiers } from '../tier-overview';

/** /cluster-selection: every tier side by side, each a step from the wizard with it chosen. */
export function ClusterSelectionPage() {
  return (
    // Full width, out of the plain layout's padding: the header band spans the page.
    <div className="-mx-4 -my-8 lg:-mx-8">
      <PageHeader
        wide
        eyebrow="Cluster selection"
        title="Choose a cluster tier"
        lead="Every tier runs the same upstream Kubernetes; they differ in guarantees, node sizes and price. Compare them and configure the one that fits."
      >
        <Button asChild variant="outline">
          <Link to={paths.smartSuggestions}>
            <Sparkles aria-hidden="true" />
            Not sure? Get a suggestion
          </Link>
        </Button>
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <WithCatalog loading="Loading the tiers…">
          {(catalog) => <Comparison catalog={catalog} />}
        </WithCatalog>
      </div>
    </div>
  );
}

function Comparison({ catalog }: { catalog: Catalog }) {
  const comparison = useMemo(() => compareTiers(catalog), [catalog]);
  if (!comparison?.tiers.length) {
    return <p className="text-muted-foreground">The catalog has no tiers to compare yet.</p>;
  }
  const { provider, region, tiers } = comparison;
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-3xl text-sm text-muted-foreground">
          Prices without add-ons or support, in {provider.name}&rsquo;s {region.city} region (
          {region.code}); other regions and providers apply their own price factor. The wizard shows
          the exact price of what you configure.
        </p>
        <CurrencySelect />
      </div>
      {/* The table needs the width of seven columns; narrower screens get a card per tier. */}
      <div className="hidden xl:block">
        <TierComparisonTable tiers={tiers} />
      </div>
      <div className="xl:hidden">
        <TierCards tiers={tiers} />
      </div>
      <p className="text-sm text-muted-foreground">
        Not sure which to pick?{' '}
        <Link to={paths.smartSuggestions} className="font-medium text-primary hover:underline">
          Answer a few questions about your workload
        </Link>{' '}
        and get a tier, node size and region, with the reasons.
      </p>
    </div>
  );
}
