import { Link } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CardSkeletons, QueryError } from '@/components/page/query-state';
import { useClusterTiers } from '@/lib/cluster-tiers';
import { tierPageType } from '@/features/catalog/cluster-types/tier-links';
import { PriceControls } from '@/features/catalog/pricing/price-controls';
import { PricingTierCard } from '@/features/catalog/pricing/pricing-tier-card';
import { PricingNotes } from '@/features/catalog/pricing/pricing-notes';
import { CustomOfferCard } from '@/features/catalog/pricing/custom-offer-card';
import { AddonPrices } from '@/features/catalog/pricing/addon-prices';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

export function PricingPage() {
  useRouteMeta('/pricing');
  const tiers = useClusterTiers();
  return (
    <>
      <PageHeader
        wide
        eyebrow="Pricing"
        title="Simple prices for every cluster"
        lead="Seven tiers, one price per control plane and per node. Pay monthly, or yearly for less. No hidden fees for traffic inside a cluster."
      >
        <div className="flex flex-wrap items-center gap-3">
          <PriceControls />
          <Button asChild variant="outline">
            <Link to={paths.priceEstimator}>Open the price estimator</Link>
          </Button>
        </div>
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        {tiers.isError ? (
          <QueryError
            title="The tiers could not be loaded"
            error={tiers.error}
            onRetry={() => void tiers.refetch()}
          />
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-4">
            {tiers.isPending ? (
              <CardSkeletons count={6} />
            ) : (
              tiers.data.map((tier) => (
                <PricingTierCard
                  key={tier.id}
                  tier={tier}
                  featured={tierPageType(tier) === 'blue'}
                />
              ))
            )}
            {!tiers.isPending && <CustomOfferCard />}
          </div>
        )}
        <AddonPrices />
        <PricingNotes />
      </div>
    </>
  );
}
