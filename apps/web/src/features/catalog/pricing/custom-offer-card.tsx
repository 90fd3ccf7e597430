import { Link } from 'react-router';
import { Building2, Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const points = [
  'Single-tenant bare-metal nodes',
  'Your own networking and IP ranges',
  'Managed on-premises in your data centre',
  'Yearly contracts, payment by bank transfer',
];

/** The offer beyond the seven tiers, closing the pricing grid. */
export function CustomOfferCard() {
  return (
    <article
      aria-labelledby="tier-custom"
      className="flex flex-col rounded-2xl border border-dashed border-border bg-muted/40 p-6"
    >
      <Building2 className="size-6 text-primary" aria-hidden="true" />
      <h2 id="tier-custom" className="mt-3 text-xl font-semibold">
        Dedicated and custom
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        When the seven tiers are not enough. Priced per project after a call with a solutions
        architect.
      </p>
      <p className="mt-5 text-2xl font-bold tracking-tight">Custom quote</p>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {points.map((point) => (
          <li key={point} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-2">
        <Button asChild>
          <Link to={paths.customQuote}>Request a quote</Link>
        </Button>
        <Button asChild variant="link" size="sm">
          <Link to={paths.clusterType('additional')}>What we build</Link>
        </Button>
      </div>
    </article>
  );
}
