import { Link } from 'react-router';
import { ArrowRight, Check } from 'lucide-react';
import type { Catalog } from '@alpenkube/contract';
import type { Quote } from '@alpenkube/contract/pricing';
import { useMoney } from '@/components/pricing/use-money';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { describeCluster } from '@/lib/catalog/describe-cluster';
import { clusterConfigQuery } from '@/lib/catalog/config-url';
import { CurrencySelect } from '@/lib/currency';
import type { ClusterSuggestion } from '../suggest-cluster';
import { gibText, vcpuText } from '../words';
import { TierName } from './tier-swatch';

/** The suggested cluster: what it is, what it costs, why, and the wizard with it filled in. */
export function SuggestionPanel({
  id,
  suggestion,
  quote,
  catalog,
  stale,
}: {
  /** The panel's anchor, for the phone's bar. */
  id: string;
  suggestion: ClusterSuggestion;
  /** The suggestion priced by the engine. */
  quote: Quote;
  catalog: Catalog;
  /** The answers have a mistake: this is the suggestion for the last complete ones. */
  stale: boolean;
}) {
  const { money } = useMoney();
  const { config, tier, capacity, reasons } = suggestion;
  const details = describeCluster(config, catalog).filter((item) => item.part !== 'tier');

  return (
    <section
      id={id}
      aria-labelledby="suggestion-heading"
      className="scroll-mt-24 space-y-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="suggestion-heading" className="text-base font-semibold">
          Our suggestion
        </h2>
        <CurrencySelect />
      </div>
      {stale ? (
        <FormAlert variant="info">Fix the answers marked above to update the suggestion.</FormAlert>
      ) : null}
      <div aria-live="polite" className="space-y-4" data-testid="suggestion">
        <div className="space-y-1">
          <TierName tier={tier} as="h3" className="text-xl" />
          <p className="text-sm text-muted-foreground">{tier.sla}</p>
        </div>
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="text-3xl font-bold tracking-tight" data-testid="suggestion-price">
            {money(quote.monthly)}
          </span>
          <span className="text-sm text-muted-foreground">
            a month, or {money(quote.yearly)} a year paid up front
          </span>
        </p>
        <dl className="divide-y divide-border rounded-lg border text-sm">
          {details.map((item) => (
            <div key={item.part} className="grid gap-1 px-3 py-2 sm:grid-cols-[9rem_1fr]">
              <dt className="text-muted-foreground">{item.label}</dt>
              <dd className="min-w-0 break-words">
                {Array.isArray(item.value) ? item.value.join('; ') : item.value}
                {item.part === 'nodePools' ? (
                  <span className="block text-xs text-muted-foreground">
                    {vcpuText(capacity.vcpu)} and {gibText(capacity.memoryGib)} in all
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
        {!suggestion.fits ? (
          <FormAlert title="Larger than any tier">
            Even the largest suitable tier holds less than this workload: see the reasons below.
          </FormAlert>
        ) : null}
        <div>
          <h3 className="text-sm font-semibold">Why this cluster</h3>
          <ul className="mt-2 space-y-2 text-sm" aria-label="Reasons">
            {reasons.map((reason) => (
              <li key={reason} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>{reason}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <Button asChild className="w-full">
        <Link to={`${paths.configureCluster}?${clusterConfigQuery(config)}`}>
          Configure this cluster
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}
