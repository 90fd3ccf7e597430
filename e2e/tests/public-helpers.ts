import type { Page } from '@playwright/test';

/** Fixed exchange rates, served instead of the public rate service so figures are exact. */
export const TEST_RATES = { USD: 1, EUR: 0.9, GBP: 0.8 } as const;

/**
 * Answers every request leaving the test server (the rate service) with TEST_RATES. Use it with
 * `bypassCSP` when the page's CSP allows another rate origin than the one the app calls.
 */
export async function stubExchangeRates(page: Page) {
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          base: 'USD',
          date: '2025-03-03',
          rates: { EUR: TEST_RATES.EUR, GBP: TEST_RATES.GBP },
        }),
      }),
  );
}

/** The next weekday at least two days ahead, as YYYY-MM-DD (UTC), for demo bookings. */
export function nextBookableDate(from = new Date()): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 2));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A text with its white space collapsed, as a reader sees it. */
export const words = (text: string) => text.replace(/\s+/g, ' ').trim();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };
/** The text of an HTML fragment, as a reader without scripts gets it. */
export const textOf = (html: string) =>
  words(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#x27);/g, (_, name: string) => ENTITIES[name]!),
  );
