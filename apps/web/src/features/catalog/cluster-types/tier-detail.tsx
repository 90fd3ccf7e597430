import { Link } from 'react-router';
import { Check, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page/page-header';
import { CardSkeletons, QueryError } from '@/components/page/query-state';
import { PriceControls } from '@/features/catalog/pricing/price-controls';
import { TierPrice, TierPriceBreakdown } from '@/features/catalog/pricing/tier-price';
import {
  displayTierName,
  findTierForType,
  type TierPageType,
} from '@/lib/catalog/cluster-type-catalog';
import { clusterTypeCopy } from '@/lib/catalog/cluster-type-copy';
import { NodeSizeTable } from './node-size-table';
import { estimatePath } from './estimate-link';
import { orderPath } from './tier-links';
import { UseCases } from './use-cases';
import { useClusterTiers } from '@/lib/cluster-tiers';

/** One tier's page: its story from the copy, its figures from GET /api/cluster-tiers. */
export function TierDetail({ type }: { type: TierPageType }) {
  const info = clusterTypeCopy[type];
  const tiers = useClusterTiers();
  const tier = tiers.data ? findTierForType(tiers.data, type) : undefined;
  const name = displayTierName(tier?.name ?? info.fallbackName);

  return (
    <>
      <PageHeader eyebrow="Cluster type" title={`${name} clusters`} lead={info.tagline} />
      <div className="mx-auto w-full max-w-6xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-8">
            <p className="text-lg leading-relaxed">{tier?.description ?? info.story}</p>
            {tier && <p className="text-muted-foreground">{info.story}</p>}
            {tiers.isError && (
              <QueryError
                title="Prices and specifications are unavailable"
                error={tiers.error}
                onRetry={() => void tiers.refetch()}
              />
            )}
            {tier && (
              <section aria-labelledby="specs-heading" className="space-y-4">
                <h2 id="specs-heading" className="text-2xl font-bold tracking-tight">
                  Specifications
                </h2>
                <p className="inline-flex items-center gap-2 font-medium">
                  <ShieldCheck className="size-5 text-success" aria-hidden="true" /> SLA: {tier.sla}
                </p>
                <NodeSizeTable sizes={tier.nodeSizes} />
                <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {tier.features.map((feature) => (
                    <li key={feature} className="flex gap-2 text-sm">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />{' '}
                      {feature}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
          <aside
            aria-label="Price"
            className="h-fit rounded-2xl border border-border bg-card p-6 shadow-sm lg:sticky lg:top-24"
          >
            {tiers.isPending ? (
              <CardSkeletons count={1} className="h-64" />
            ) : tier ? (
              <div className="space-y-5">
                <PriceControls />
                <TierPrice tier={tier} />
                <TierPriceBreakdown tier={tier} />
                <Button asChild size="lg" className="w-full">
                  <Link to={orderPath(tier)}>Order this cluster</Link>
                </Button>
                <Button asChild variant="outline" className="w-full">
                  <Link to={estimatePath(tier)}>Estimate with pools, add-ons and support</Link>
                </Button>
                <p className="text-xs text-muted-foreground">
                  You will be asked to sign in or create an account first.
                </p>
              </div>
            ) : (
              <div className="space-y-4 text-sm text-muted-foreground">
                <p>This tier is not on sale right now. Our team can offer an equivalent.</p>
                <Button asChild className="w-full">
                  <Link to={paths.contactSales}>Contact sales</Link>
                </Button>
              </div>
            )}
          </aside>
        </div>
        <UseCases info={info} />
      </div>
    </>
  );
}
