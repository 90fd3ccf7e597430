import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { RATES_CACHE_KEY, exchangeRatesQueryKey, useExchangeRates } from '@/lib/currency';
import { PageHeader } from '@/components/page/page-header';
import { RateCachePanel } from '../rate-cache-panel';
import { ConversionTable } from '../conversion-table';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

export function CurrencyTestPage() {
  useRouteMeta('/currency-test');
  const rates = useExchangeRates();
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());

  async function handleRefresh() {
    // A fresh cache would be reused for an hour: drop it so the refresh really asks the service.
    try {
      localStorage.removeItem(RATES_CACHE_KEY);
    } catch {
      // Storage refused: the query still runs and falls back as it would.
    }
    await queryClient.invalidateQueries({ queryKey: exchangeRatesQueryKey });
    setNow(Date.now());
  }

  return (
    <>
      <PageHeader
        eyebrow="Diagnostics"
        title="Currency test"
        lead="The exchange rates used to show prices in euros and pounds: where they come from, how old they are, and what they do to a price."
      >
        <Button onClick={() => void handleRefresh()} disabled={rates.isFetching}>
          <RefreshCw className={cn(rates.isFetching && 'animate-spin')} aria-hidden="true" />
          {rates.isFetching ? 'Fetching rates…' : 'Refresh the rates'}
        </Button>
      </PageHeader>
      {/* The page exists to run requests from the browser: its code starts at once. */}
      <div
        data-hydrate="at-once"
        className="mx-auto w-full max-w-6xl space-y-12 px-4 py-12 sm:px-6 lg:px-8"
      >
        {rates.data ? (
          <>
            <section aria-labelledby="cache-heading" className="space-y-4">
              <h2 id="cache-heading" className="text-2xl font-bold tracking-tight">
                Rate cache
              </h2>
              <RateCachePanel result={rates.data} now={now} />
            </section>
            <section aria-labelledby="conv-heading" className="space-y-4">
              <h2 id="conv-heading" className="text-2xl font-bold tracking-tight">
                Sample conversions
              </h2>
              <ConversionTable rates={rates.data.rates} />
            </section>
          </>
        ) : (
          <Spinner label="Loading the exchange rates…" className="py-16" />
        )}
      </div>
    </>
  );
}
