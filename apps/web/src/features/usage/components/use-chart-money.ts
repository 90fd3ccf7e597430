import { useCallback } from 'react';
import { convertPrice, currencySymbols, useCurrency } from '@/lib/currency';

/**
 * Amounts for the charts: converted to minor units of the display currency first (by the rate,
 * rounded down, as every amount of the app), so the value axis has round ticks in that
 * currency. `format` writes such an amount to the cent, `tick` in whole units once the axis
 * reaches ten.
 */
export function useChartMoney() {
  const { currency, rates } = useCurrency();
  const toDisplay = useCallback(
    (cents: number) => convertPrice(cents, currency, rates),
    [currency, rates],
  );
  const write = (minor: number, digits: number) =>
    `${currencySymbols[currency]}${(minor / 100).toLocaleString('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })}`;
  return {
    toDisplay,
    /** Every amount of a bar's record, converted. */
    values: <Key extends string>(cents: Record<Key, number>) =>
      Object.fromEntries(
        Object.entries<number>(cents).map(([key, value]) => [key, toDisplay(value)]),
      ) as Record<Key, number>,
    format: (minor: number) => write(minor, 2),
    tick: (minor: number, max: number) => write(minor, max >= 1000 ? 0 : 2),
  };
}
