import { useCallback, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FALLBACK_RATES, RATES_CACHE_TTL_MS, getExchangeRates } from './exchange-rates';
import { formatPrice, formatPriceFromCents } from './format-price';
import { exchangeRatesQueryKey } from './rates-query-key';
import {
  DEFAULT_BILLING_CYCLE,
  DEFAULT_CURRENCY,
  readBillingCycle,
  readCurrency,
  setBillingCycle,
  setCurrency,
  subscribePreferences,
} from './preferences';

export { exchangeRatesQueryKey };

/** The rates for display: fetched once an hour at most, never failing (fallback inside). */
export function useExchangeRates() {
  return useQuery({
    queryKey: exchangeRatesQueryKey,
    queryFn: () => getExchangeRates(),
    staleTime: RATES_CACHE_TTL_MS,
  });
}

/** The display currency and billing cycle, with formatters bound to the current rates. */
export function useCurrency() {
  const currency = useSyncExternalStore(subscribePreferences, readCurrency, () => DEFAULT_CURRENCY);
  const billingCycle = useSyncExternalStore(
    subscribePreferences,
    readBillingCycle,
    () => DEFAULT_BILLING_CYCLE,
  );
  const ratesQuery = useExchangeRates();
  const rates = ratesQuery.data?.rates ?? FALLBACK_RATES;
  const format = useCallback(
    (amountUsd: number) => formatPrice(amountUsd, currency, rates),
    [currency, rates],
  );
  const formatCents = useCallback(
    (cents: number) => formatPriceFromCents(cents, currency, rates),
    [currency, rates],
  );
  return {
    currency,
    setCurrency,
    billingCycle,
    setBillingCycle,
    rates,
    ratesDate: ratesQuery.data?.date ?? null,
    ratesSource: ratesQuery.data?.source ?? null,
    formatPrice: format,
    formatPriceFromCents: formatCents,
  };
}
