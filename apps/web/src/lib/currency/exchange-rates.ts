/** Exchange rates relative to USD, cached an hour, with fallbacks. */
export type CurrencyCode = 'USD' | 'EUR' | 'GBP';
export type ExchangeRates = { USD: 1; EUR: number; GBP: number };
export type CachedRates = { rates: ExchangeRates; timestamp: number; date: string };

export const RATES_CACHE_KEY = 'exchangeRates';
export const RATES_CACHE_TTL_MS = 60 * 60 * 1000;
export const RATES_TIMEOUT_MS = 5000;
export const FALLBACK_RATES: ExchangeRates = { USD: 1, EUR: 0.91, GBP: 0.78 };

/** A public USD-based service (Frankfurter, ECB data). */
export const DEFAULT_EXCHANGE_RATE_URL =
  'https://api.frankfurter.dev/v1/latest?base=USD&symbols=EUR,GBP';

/**
 * The server writes its EXCHANGE_RATE_URL setting into every page (it also allows that origin
 * in its CSP), so one setting steers both; the Vite dev server has no such meta.
 */
export function exchangeRateUrl(): string {
  const fromServer = document
    .querySelector<HTMLMetaElement>('meta[name="exchange-rate-url"]')
    ?.content.trim();
  const configured = import.meta.env.VITE_EXCHANGE_RATE_URL as string | undefined;
  return fromServer || configured?.trim() || DEFAULT_EXCHANGE_RATE_URL;
}

export type RatesSource = 'cache' | 'live' | 'stale-cache' | 'fallback';
export type RatesResult = { rates: ExchangeRates; date: string | null; source: RatesSource };

export function readCachedRates(): CachedRates | null {
  try {
    const raw = localStorage.getItem(RATES_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CachedRates>;
    if (!parsed.rates || typeof parsed.timestamp !== 'number') return null;
    const rates = validateRates(parsed.rates);
    return rates ? { rates, timestamp: parsed.timestamp, date: String(parsed.date ?? '') } : null;
  } catch {
    return null;
  }
}

function writeCachedRates(cached: CachedRates) {
  try {
    localStorage.setItem(RATES_CACHE_KEY, JSON.stringify(cached));
  } catch {
    // A full or refused storage only costs a refetch next time.
  }
}

/** A response is valid only with numeric EUR and GBP rates. */
export function validateRates(rates: unknown): ExchangeRates | null {
  if (!rates || typeof rates !== 'object') return null;
  const { EUR, GBP } = rates as Record<string, unknown>;
  if (typeof EUR !== 'number' || !Number.isFinite(EUR)) return null;
  if (typeof GBP !== 'number' || !Number.isFinite(GBP)) return null;
  return { USD: 1, EUR, GBP };
}

async function fetchLiveRates(url: string): Promise<CachedRates> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RATES_TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) throw new Error(`Exchange-rate service answered ${response.status}`);
    const body = (await response.json()) as { rates?: unknown; date?: unknown };
    const rates = validateRates(body.rates);
    if (!rates) throw new Error('Exchange-rate response lacks numeric EUR and GBP rates');
    return { rates, timestamp: Date.now(), date: typeof body.date === 'string' ? body.date : '' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fresh cache (under an hour) → live fetch (5 s time-out) → stale cache → fixed fallback.
 * Never throws: a failure is logged as a warning and the page keeps showing prices.
 */
export async function getExchangeRates(url = exchangeRateUrl()): Promise<RatesResult> {
  const cached = readCachedRates();
  if (cached && Date.now() - cached.timestamp < RATES_CACHE_TTL_MS) {
    return { rates: cached.rates, date: cached.date, source: 'cache' };
  }
  try {
    const live = await fetchLiveRates(url);
    writeCachedRates(live);
    return { rates: live.rates, date: live.date, source: 'live' };
  } catch (error) {
    console.warn('Exchange rates unavailable, using fallback', error);
    if (cached) return { rates: cached.rates, date: cached.date, source: 'stale-cache' };
    return { rates: FALLBACK_RATES, date: null, source: 'fallback' };
  }
}
