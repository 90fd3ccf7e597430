import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { paths } from '@/config/paths';
import { CardSkeletons } from '@/components/page/query-state';
import { useClusterTiers } from '@/lib/cluster-tiers';
import { displayTierName, tierPageTypes } from '@/lib/catalog/cluster-type-catalog';
import { clusterTypeTaglines } from '@/lib/catalog/cluster-type-taglines';
import { tierPagePath } from '@/features/catalog/cluster-types/tier-links';
import { TierPrice } from '@/features/catalog/pricing/tier-price';
import { PriceControls } from '@/features/catalog/pricing/price-controls';

const cardClass =
  'group flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm transition hover:border-primary/50 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Without the tier list (server down), the fixed seven tiers still lead to their pages. */
function FallbackTierCards() {
  return tierPageTypes.map((type) => (
    <Link key={type} to={paths.clusterType(type)} className={cardClass}>
      <h3 className="font-semibold group-hover:text-primary">
        {displayTierName(clusterTypeTaglines[type].fallbackName)}
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">{clusterTypeTaglines[type].tagline}</p>
    </Link>
  ));
}

export function HomeTierGrid() {
  const tiers = useClusterTiers();
  return (
    <section
      aria-labelledby="tiers-heading"
      className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="flex flex-col justify-between gap-6 lg:flex-row lg:items-end">
        <div className="max-w-2xl">
          <h2 id="tiers-heading" className="text-3xl font-bold tracking-tight">
            A tier for every workload
          </h2>
          <p className="mt-3 text-muted-foreground">
            From a sandbox for learning to GPU pools for training models. Every tier runs the same
            upstream Kubernetes, so moving between them is a redeploy, not a rewrite.
          </p>
        </div>
        <PriceControls />
      </div>
      <div className="mt-10 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {tiers.isPending ? (
          <CardSkeletons count={4} className="h-56" />
        ) : tiers.isError || tiers.data.length === 0 ? (
          <FallbackTierCards />
        ) : (
          tiers.data.map((tier) => (
            <Link key={tier.id} to={tierPagePath(tier)} className={cardClass} data-tier={tier.slug}>
              <h3 className="font-semibold group-hover:text-primary">
                {displayTierName(tier.name)}
              </h3>
              <p className="mt-2 line-clamp-3 flex-1 text-sm text-muted-foreground">
                {tier.description}
              </p>
              <div className="mt-5">
                <TierPrice tier={tier} size="md" />
              </div>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
                Details <ArrowRight className="size-4" aria-hidden="true" />
              </span>
            </Link>
          ))
        )}
        <Link to={paths.clusterType('additional')} className={`${cardClass} border-dashed`}>
          <h3 className="font-semibold group-hover:text-primary">Dedicated and custom</h3>
          <p className="mt-2 flex-1 text-sm text-muted-foreground">
            {clusterTypeTaglines.additional.tagline}
          </p>
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
            Explore <ArrowRight className="size-4" aria-hidden="true" />
          </span>
        </Link>
      </div>
    </section>
  );
}
