import type { CurrencyCode, ExchangeRates } from './exchange-rates';

export const currencySymbols: Record<CurrencyCode, string> = { USD: '$', EUR: '€', GBP: '£' };

/** A USD amount converted by the rate and rounded down to a whole number. */
export function convertPrice(amountUsd: number, currency: CurrencyCode, rates: ExchangeRates) {
  return Math.floor(amountUsd * rates[currency]);
}

/** '€1,234': the converted whole amount prefixed by the currency's symbol. */
export function formatPrice(amountUsd: number, currency: CurrencyCode, rates: ExchangeRates) {
  const whole = convertPrice(amountUsd, currency, rates);
  return `${currencySymbols[currency]}${whole.toLocaleString('en-US')}`;
}

/** The contract's prices are USD minor units (cents); this formats one of them. */
export function formatPriceFromCents(cents: number, currency: CurrencyCode, rates: ExchangeRates) {
  return formatPrice(cents / 100, currency, rates);
}
