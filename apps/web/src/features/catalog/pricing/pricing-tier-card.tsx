import { Link } from 'react-router';
import { Check, ShieldCheck } from 'lucide-react';
import type { Tier } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { displayTierName } from '@/lib/catalog/cluster-type-catalog';
import { orderPath, tierPagePath } from '@/features/catalog/cluster-types/tier-links';
import { estimatePath } from '@/features/catalog/cluster-types/estimate-link';
import { TierPrice, TierPriceBreakdown } from './tier-price';

export function PricingTierCard({ tier, featured = false }: { tier: Tier; featured?: boolean }) {
  const name = displayTierName(tier.name);
  return (
    <article
      data-tier={tier.slug}
      aria-labelledby={`tier-${tier.slug}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
        featured ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
    >
      {featured && (
        <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
          Most chosen
        </span>
      )}
      <h2 id={`tier-${tier.slug}`} className="text-xl font-semibold">
        {name}
      </h2>
      <p className="mt-2 min-h-12 text-sm text-muted-foreground">{tier.description}</p>
      <div className="mt-5">
        <TierPrice tier={tier} />
      </div>
      <p className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium">
        <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden="true" /> SLA: {tier.sla}
      </p>
      <div className="mt-4 rounded-lg bg-muted/60 p-3">
        <TierPriceBreakdown tier={tier} />
      </div>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {tier.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-2">
        <Button asChild variant={featured ? 'default' : 'outline'}>
          <Link to={orderPath(tier)}>Order {name}</Link>
        </Button>
        <div className="flex flex-wrap justify-center">
          <Button asChild variant="link" size="sm">
            <Link to={tierPagePath(tier)}>Details and use cases</Link>
          </Button>
          <Button asChild variant="link" size="sm">
            <Link to={estimatePath(tier)} aria-label={`Estimate a ${name} cluster`}>
              Estimate
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
