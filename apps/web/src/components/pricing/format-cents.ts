import {
  convertPrice,
  currencySymbols,
  type CurrencyCode,
  type ExchangeRates,
} from '@/lib/currency';

/**
 * '€1,234.56': minor units of USD converted by the rate and rounded down to a whole minor unit of
 * the display currency. An itemised price needs the cents: rounded to whole units, a line would
 * read "3 × €51 = €155" because each figure is rounded on its own. The conversion and rounding
 * rule is the spec's, the same `convertPrice` the whole-unit prices use.
 */
export function formatCentsExact(cents: number, currency: CurrencyCode, rates: ExchangeRates) {
  const minor = convertPrice(cents, currency, rates);
  const text = (minor / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${currencySymbols[currency]}${text}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.56': exactly what a card is charged, in US dollars to the cent, whatever is displayed. */
export const formatUsd = (cents: number) => usd.format(cents / 100);
