export {
  type CurrencyCode,
  type ExchangeRates,
  type CachedRates,
  type RatesResult,
  type RatesSource,
  FALLBACK_RATES,
  RATES_CACHE_KEY,
  RATES_CACHE_TTL_MS,
  RATES_TIMEOUT_MS,
  getExchangeRates,
  readCachedRates,
  validateRates,
  exchangeRateUrl,
} from './exchange-rates';
export { currencySymbols, convertPrice, formatPrice, formatPriceFromCents } from './format-price';
// The discount rule lives with the one price engine, which the server uses too.
export { yearlyDiscountPercent } from '@alpenkube/contract/yearly-discount';
export {
  type BillingCycle,
  currencies,
  CURRENCY_STORAGE_KEY,
  BILLING_CYCLE_STORAGE_KEY,
  DEFAULT_CURRENCY,
  DEFAULT_BILLING_CYCLE,
  readCurrency,
  readBillingCycle,
  setCurrency,
  setBillingCycle,
} from './preferences';
export { useCurrency, useExchangeRates, exchangeRatesQueryKey } from './use-currency';
export { CurrencySelect } from './currency-select';
