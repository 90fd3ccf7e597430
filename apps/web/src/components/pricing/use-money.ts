import { useCallback } from 'react';
import { useCurrency } from '@/lib/currency';
import { formatCentsExact } from './format-cents';

/**
 * `money(cents)`: minor units of USD in the display currency to the cent (converted by the rate,
 * rounded down), as every itemised price and order amount reads; with the currency they are in.
 */
export function useMoney() {
  const { currency, rates } = useCurrency();
  const money = useCallback(
    (cents: number) => formatCentsExact(cents, currency, rates),
    [currency, rates],
  );
  return { money, currency };
}
