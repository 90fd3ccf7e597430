import { useCallback } from 'react';
import { formatCentsExact } from '@/components/pricing/format-cents';
import { useCurrency } from '@/lib/currency';

/**
 * An order's amounts in the display currency to the cent (converted, rounded down), like the
 * wizard's price panel: whole units would make "3 × €51 = €155" of the lines.
 */
export function useMoney() {
  const { currency, rates } = useCurrency();
  const money = useCallback(
    (cents: number) => formatCentsExact(cents, currency, rates),
    [currency, rates],
  );
  return { money, currency };
}
