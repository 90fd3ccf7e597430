import { cn } from '@/lib/cn';
import { currencySymbols } from './format-price';
import { useSyncExternalStore } from 'react';
import {
  currencies,
  DEFAULT_CURRENCY,
  readCurrency,
  setCurrency,
  subscribePreferences,
} from './preferences';

/**
 * A compact display-currency picker (native select: accessible and tiny). It reads only the
 * stored preference, so pages without prices never fetch exchange rates.
 */
export function CurrencySelect({ className }: { className?: string }) {
  const currency = useSyncExternalStore(subscribePreferences, readCurrency, () => DEFAULT_CURRENCY);
  return (
    <label className={cn('relative inline-flex items-center', className)}>
      <span className="sr-only">Display currency</span>
      <select
        value={currency}
        onChange={(event) => setCurrency(event.target.value as typeof currency)}
        className="h-8 cursor-pointer rounded-md border border-input bg-background px-2 text-xs font-medium text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {currencies.map((code) => (
          <option key={code} value={code}>
            {currencySymbols[code]} {code}
          </option>
        ))}
      </select>
    </label>
  );
}
