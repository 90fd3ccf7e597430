import AxeBuilder from '@axe-core/playwright';
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

export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The next weekday at least two days ahead, as YYYY-MM-DD (UTC), for demo bookings. */
export function nextBookableDate(from = new Date()): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 2));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
