import type { CurrencyCode } from './exchange-rates';

/** Browser-stored display preferences and their defaults. */
export type BillingCycle = 'monthly' | 'yearly';
export const CURRENCY_STORAGE_KEY = 'currency';
export const BILLING_CYCLE_STORAGE_KEY = 'billingCycle';
export const DEFAULT_CURRENCY: CurrencyCode = 'EUR';
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'monthly';
export const currencies: readonly CurrencyCode[] = ['USD', 'EUR', 'GBP'];

const listeners = new Set<() => void>();

function read(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Refused storage: the choice still holds for this page.
  }
  for (const listener of listeners) listener();
}

export function readCurrency(): CurrencyCode {
  const stored = read(CURRENCY_STORAGE_KEY);
  return (currencies as readonly string[]).includes(stored ?? '')
    ? (stored as CurrencyCode)
    : DEFAULT_CURRENCY;
}

export function readBillingCycle(): BillingCycle {
  const stored = read(BILLING_CYCLE_STORAGE_KEY);
  return stored === 'yearly' || stored === 'monthly' ? stored : DEFAULT_BILLING_CYCLE;
}

export function setCurrency(currency: CurrencyCode) {
  write(CURRENCY_STORAGE_KEY, currency);
}

export function setBillingCycle(cycle: BillingCycle) {
  write(BILLING_CYCLE_STORAGE_KEY, cycle);
}

export function subscribePreferences(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
