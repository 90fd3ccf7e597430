import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Columns3 } from 'lucide-react';
import type { Catalog } from '@alpenkube/contract';
import { priceCluster } from '@alpenkube/contract/pricing';
import { PageHeader } from '@/components/page/page-header';
import { WithCatalog } from '@/components/page/with-catalog';
import { Button } from '@/components/ui/button';
import { fieldErrorsOf } from '@/components/ui/use-schema-form';
import { paths } from '@/config/paths';
import { useCurrency } from '@/lib/currency';
import { MobileSuggestionBar } from '../components/mobile-suggestion-bar';
import { SuggestionPanel } from '../components/suggestion-panel';
import { WorkloadForm } from '../components/workload-form';
import { catalogCountries } from '../location-rules';
import { suggestCluster } from '../suggest-cluster';
import { defaultWorkloadValues, workloadFormSchema } from '../workload';

/** /smart-suggestions: a few questions about a workload, and the cluster the rules suggest. */
export function SmartSuggestionsPage() {
  return (
    // Full width, out of the plain layout's padding: the header band spans the page.
    <div className="-mx-4 -my-8 lg:-mx-8">
      <PageHeader
        wide
        eyebrow="Smart suggestions"
        title="Which cluster do I need?"
        lead="Answer a few questions about your workload: you get a tier, a node size and count and a region, the monthly price, and the reason for each choice."
      >
        <Button asChild variant="outline">
          <Link to={paths.clusterSelection}>
            <Columns3 aria-hidden="true" />
            Compare every tier
          </Link>
        </Button>
      </PageHeader>
      {/* Room under the last answer for the phone's suggestion bar. */}
      <div className="mx-auto w-full max-w-7xl px-4 pt-8 pb-24 sm:px-6 lg:px-8 lg:pb-8">
        <WithCatalog loading="Loading the catalog…">
          {(catalog) => <Advisor catalog={catalog} />}
        </WithCatalog>
      </div>
    </div>
  );
}

const PANEL_ID = 'suggestion-panel';

function Advisor({ catalog }: { catalog: Catalog }) {
  const { billingCycle } = useCurrency();
  const [values, setValues] = useState(defaultWorkloadValues);
  const countries = useMemo(() => catalogCountries(catalog), [catalog]);
  const parsed = useMemo(() => workloadFormSchema.safeParse(values), [values]);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  const current = useMemo(
    () => (parsed.success ? suggestCluster(parsed.data, catalog, billingCycle) : undefined),
    [parsed, catalog, billingCycle],
  );
  // While an answer is being retyped (an empty number), the last complete answers still stand.
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const shown = current ?? last;
  const quote = useMemo(() => shown && priceCluster(shown.config, catalog), [shown, catalog]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_28rem]">
      <section
        aria-labelledby="workload-heading"
        className="rounded-xl border bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="workload-heading" className="mb-5 text-base font-semibold">
          Your workload
        </h2>
        <WorkloadForm
          values={values}
          errors={errors}
          onChange={(change) => setValues((current) => ({ ...current, ...change }))}
          countries={countries}
        />
      </section>
      <div className="lg:sticky lg:top-20">
        {shown && quote ? (
          <>
            <SuggestionPanel
              id={PANEL_ID}
              suggestion={shown}
              quote={quote}
              catalog={catalog}
              stale={!current}
            />
            <MobileSuggestionBar
              tierName={shown.tier.name}
              monthly={quote.monthly}
              panelId={PANEL_ID}
            />
          </>
        ) : (
          <p className="rounded-xl border bg-card p-6 text-sm text-muted-foreground">
            The catalog offers nothing these answers fit.
          </p>
        )}
      </div>
    </div>
  );
}
