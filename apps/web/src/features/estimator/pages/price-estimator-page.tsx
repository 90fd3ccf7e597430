import type { Catalog } from '@alpenkube/contract';
import { WithCatalog } from '@/components/page/with-catalog';
import { EstimatorForm } from '../components/estimator-form';
import { MobileTotalBar } from '../components/mobile-total-bar';
import { PricePanel } from '../components/price-panel';
import { useEstimatorConfig } from '../use-estimator-config';

/**
 * /price-estimator, for visitors and members alike: every input of the price engine, priced in
 * the browser as it changes, the configuration in the URL to share or to order.
 */
export function PriceEstimatorPage() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-8 pb-24 sm:px-6 lg:px-8 lg:py-10">
      <header className="border-b pb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Price estimator</h1>
        <p className="mt-1.5 max-w-3xl text-muted-foreground">
          Configure a cluster and see what it costs, line by line, monthly or yearly. Share the
          link, or order the configuration as it is.
        </p>
      </header>
      <div className="pt-6">
        <WithCatalog loading="Loading the catalog...">
          {(catalog) => <Estimator catalog={catalog} />}
        </WithCatalog>
      </div>
    </div>
  );
}

function Estimator({ catalog }: { catalog: Catalog }) {
  const { config, update, query, issues, quote } = useEstimatorConfig(catalog);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
      <EstimatorForm
        catalog={catalog}
        config={config}
        issues={issues}
        discountPercent={quote?.yearlyDiscountPercent}
        update={update}
      />
      <div className="lg:sticky lg:top-20">
        <PricePanel
          quote={quote}
          billingCycle={config.billingCycle}
          issues={[...issues.values()]}
          query={query}
          id="estimate"
        />
      </div>
      <MobileTotalBar quote={quote} panelId="estimate" />
    </div>
  );
}
