import { useCallback } from 'react';
import { formatCentsExact } from '@/components/pricing/format-cents';
import { useCurrency } from '@/lib/currency';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Exactly what the card is charged: US dollars to the cent. */
export const formatUsd = (cents: number) => usd.format(cents / 100);

/** Cents of USD in the display currency (converted, rounded down to the cent). */
export function useMoney() {
  const { currency, rates } = useCurrency();
  const money = useCallback(
    (cents: number) => formatCentsExact(cents, currency, rates),
    [currency, rates],
  );
  return { money, currency };
}
