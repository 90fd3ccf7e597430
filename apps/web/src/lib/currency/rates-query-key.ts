/**
 * The exchange rates' query key, alone in its module: the shell lists it among the public
 * queries (lib/public-queries.ts) without loading the rates' fetching code on every page.
 */
export const exchangeRatesQueryKey = ['exchange-rates'] as const;
