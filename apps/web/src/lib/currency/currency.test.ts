import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_RATES,
  RATES_CACHE_KEY,
  RATES_CACHE_TTL_MS,
  RATES_TIMEOUT_MS,
  getExchangeRates,
  validateRates,
} from './exchange-rates';
import { yearlyDiscountPercent } from '@alpenkube/contract/pricing';
import { convertPrice, formatPrice } from './format-price';
import { readBillingCycle, readCurrency, setBillingCycle, setCurrency } from './preferences';

const live = { rates: { EUR: 0.9, GBP: 0.8 }, date: '2025-06-01' };

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function cache(timestamp: number, rates = { USD: 1, EUR: 0.95, GBP: 0.85 }) {
  localStorage.setItem(RATES_CACHE_KEY, JSON.stringify({ rates, timestamp, date: '2025-05-01' }));
}

describe('exchange rates', () => {
  it('uses a cache younger than an hour without fetching', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    cache(Date.now() - RATES_CACHE_TTL_MS + 1000);
    await expect(getExchangeRates('https://rates.test')).resolves.toMatchObject({
      source: 'cache',
      rates: { EUR: 0.95 },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches live rates when the cache is an hour old, and stores them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(live)),
    );
    cache(Date.now() - RATES_CACHE_TTL_MS);
    const result = await getExchangeRates('https://rates.test');
    expect(result).toEqual({
      rates: { USD: 1, EUR: 0.9, GBP: 0.8 },
      date: '2025-06-01',
      source: 'live',
    });
    expect(JSON.parse(localStorage.getItem(RATES_CACHE_KEY)!)).toMatchObject({
      rates: { USD: 1, EUR: 0.9, GBP: 0.8 },
      date: '2025-06-01',
    });
  });

  it('falls back to the stale cache when the service fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    cache(Date.now() - 2 * RATES_CACHE_TTL_MS);
    await expect(getExchangeRates('https://rates.test')).resolves.toMatchObject({
      source: 'stale-cache',
      rates: { EUR: 0.95, GBP: 0.85 },
    });
    expect(console.warn).toHaveBeenCalled();
  });

  it('falls back to USD 1, EUR 0.91, GBP 0.78 without any cache', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(getExchangeRates('https://rates.test')).resolves.toEqual({
      rates: { USD: 1, EUR: 0.91, GBP: 0.78 },
      date: null,
      source: 'fallback',
    });
    expect(FALLBACK_RATES).toEqual({ USD: 1, EUR: 0.91, GBP: 0.78 });
  });

  it('rejects a response without numeric EUR and GBP', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ rates: { EUR: '0.9', GBP: 0.8 } })),
    );
    await expect(getExchangeRates('https://rates.test')).resolves.toMatchObject({
      source: 'fallback',
    });
    expect(validateRates({ EUR: 0.9 })).toBeNull();
    expect(validateRates({ EUR: 0.9, GBP: Number.NaN })).toBeNull();
    expect(validateRates({ EUR: 0.9, GBP: 0.7 })).toEqual({ USD: 1, EUR: 0.9, GBP: 0.7 });
  });

  it('gives up after 5 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const pending = getExchangeRates('https://rates.test');
    await vi.advanceTimersByTimeAsync(RATES_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ source: 'fallback' });
  });
});

describe('prices', () => {
  const rates = { USD: 1 as const, EUR: 0.91, GBP: 0.78 };
  it('converts by the rate and rounds down', () => {
    expect(convertPrice(100, 'EUR', rates)).toBe(91);
    expect(convertPrice(99.99, 'GBP', rates)).toBe(77);
    expect(convertPrice(19.99, 'USD', rates)).toBe(19);
  });
  it('prefixes the symbol', () => {
    expect(formatPrice(100, 'USD', rates)).toBe('$100');
    expect(formatPrice(100, 'EUR', rates)).toBe('€91');
    expect(formatPrice(100, 'GBP', rates)).toBe('£78');
    expect(formatPrice(2000, 'USD', rates)).toBe('$2,000');
  });
  it('computes the yearly discount, 0 when a price is missing', () => {
    expect(yearlyDiscountPercent(100, 1000)).toBe(17);
    expect(yearlyDiscountPercent(100, 1200)).toBe(0);
    expect(yearlyDiscountPercent(0, 1000)).toBe(0);
    expect(yearlyDiscountPercent(100, undefined)).toBe(0);
  });
});

describe('stored preferences', () => {
  it('defaults to EUR and monthly', () => {
    expect(readCurrency()).toBe('EUR');
    expect(readBillingCycle()).toBe('monthly');
  });
  it('stores the choice under currency and billingCycle', () => {
    setCurrency('GBP');
    setBillingCycle('yearly');
    expect(localStorage.getItem('currency')).toBe('GBP');
    expect(localStorage.getItem('billingCycle')).toBe('yearly');
    expect(readCurrency()).toBe('GBP');
  });
  it('ignores an unknown stored currency', () => {
    localStorage.setItem('currency', 'JPY');
    expect(readCurrency()).toBe('EUR');
  });
});
