import { Link2, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import type { BillingCycle, Quote } from '@alpenkube/contract/pricing';
import { useMoney } from '@/components/pricing/use-money';
import { MeteredRates } from '@/components/pricing/metered-rates';
import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { CurrencySelect } from '@/lib/currency';

async function copyLink(query: string) {
  const url = `${window.location.origin}${paths.priceEstimator}?${query}`;
  try {
    await navigator.clipboard.writeText(url);
    toast({
      variant: 'success',
      title: 'Link copied',
      description: 'Opening it shows this configuration and its price.',
    });
  } catch {
    toast({ variant: 'destructive', title: 'The link could not be copied', description: url });
  }
}

/** The price of the configuration, or what keeps it from having one, and what to do next. */
export function PricePanel({
  quote,
  billingCycle,
  issues,
  query,
  id,
}: {
  quote: Quote | null;
  billingCycle: BillingCycle;
  issues: string[];
  query: string;
  /** The panel's anchor, for the phone's total bar. */
  id: string;
}) {
  const { money } = useMoney();
  const yearly = billingCycle === 'yearly';
  return (
    <section
      id={id}
      aria-labelledby="estimate-heading"
      className="scroll-mt-24 space-y-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="estimate-heading" className="text-base font-semibold">
          Your estimate
        </h2>
        <CurrencySelect />
      </div>
      {quote ? (
        <>
          <p className="flex flex-wrap items-baseline gap-x-1.5" aria-live="polite">
            <span className="text-3xl font-bold tracking-tight" data-testid="estimate-total">
              {money(quote.total)}
            </span>
            <span className="text-sm text-muted-foreground">
              {yearly ? 'a year, paid up front' : 'a month'}
            </span>
          </p>
          <PriceBreakdown quote={quote} billingCycle={billingCycle} />
        </>
      ) : (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4">
          <p className="text-sm font-semibold text-destructive">
            Fix {issues.length === 1 ? 'this' : `these ${issues.length}`} to see a price:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {issues.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        {quote ? (
          <Button asChild className="flex-1">
            <Link to={`${paths.configureCluster}?${query}`}>
              <ShoppingCart aria-hidden="true" />
              Order this configuration
            </Link>
          </Button>
        ) : (
          <Button className="flex-1" disabled>
            <ShoppingCart aria-hidden="true" />
            Order this configuration
          </Button>
        )}
        <Button variant="outline" className="flex-1" onClick={() => void copyLink(query)}>
          <Link2 aria-hidden="true" />
          Copy link
        </Button>
      </div>
      <div className="space-y-2 border-t pt-4">
        <h3 className="text-sm font-semibold">Metered on top, by the hour</h3>
        <MeteredRates />
      </div>
    </section>
  );
}
