import { expect, test, type Page } from '../support/fixtures';
import type { Addon, Tier } from '@alpenkube/contract';
import { TEST_RATES, stubExchangeRates } from './public-helpers';

const symbols = { USD: '$', EUR: '€', GBP: '£' } as const;

/** A price is converted by the rate, rounded down, and prefixed by the symbol. */
function expected(cents: number, currency: keyof typeof symbols) {
  return `${symbols[currency]}${Math.floor((cents / 100) * TEST_RATES[currency]).toLocaleString('en-US')}`;
}

/** The yearly discount is round((12 × monthly − yearly) / (12 × monthly) × 100). */
function discount(tier: Tier) {
  return Math.round(((12 * tier.priceMonthly - tier.priceYearly) / (12 * tier.priceMonthly)) * 100);
}

// The stubbed rate service must be reachable whatever origin the CSP allows for the real one.
test.use({ bypassCSP: true });

async function choose(page: Page, group: string, option: string) {
  await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option }).click();
}

test('currency and billing-cycle switches change every price at once, by the spec formulas', async ({
  page,
  request,
}) => {
  const tiers = (await (await request.get('/api/cluster-tiers')).json()) as Tier[];
  expect(tiers.length).toBe(7);
  const paidAddons = ((await (await request.get('/api/addons')).json()) as Addon[]).filter(
    (addon) => addon.priceMonthly > 0,
  );
  expect(paidAddons.length).toBeGreaterThan(3);
  await stubExchangeRates(page);
  await page.goto('/pricing');
  await expect(page.locator('[data-tier]')).toHaveCount(tiers.length);

  const cases = [
    ['USD', 'Monthly', '$ USD'],
    ['EUR', 'Yearly', '€ EUR'],
    ['GBP', 'Monthly', '£ GBP'],
    ['GBP', 'Yearly', '£ GBP'],
  ] as const;
  for (const [currency, cycle, label] of cases) {
    await choose(page, 'Display currency', label);
    await choose(page, 'Billing cycle', cycle);
    for (const tier of tiers) {
      const card = page.locator(`[data-tier="${tier.slug}"]`);
      const main = cycle === 'Monthly' ? tier.priceMonthly : tier.priceYearly;
      const other = cycle === 'Monthly' ? tier.priceYearly : tier.priceMonthly;
      await expect(card.getByTestId('tier-price')).toHaveText(expected(main, currency));
      await expect(card.getByTestId('tier-price-other')).toContainText(expected(other, currency));
      if (discount(tier) > 0) {
        await expect(card.getByTestId('tier-discount')).toHaveText(
          `Save ${discount(tier)}% yearly`,
        );
      }
    }
    // The add-on prices follow the same switches.
    await expect(page.getByTestId('addon-price')).toHaveText(
      paidAddons.map((addon) =>
        expected(cycle === 'Monthly' ? addon.priceMonthly : addon.priceYearly, currency),
      ),
    );
  }

  // The choice is a stored preference: the home page shows the same figures.
  await page.goto('/');
  const first = tiers[0]!;
  await expect(page.locator(`[data-tier="${first.slug}"]`).getByTestId('tier-price')).toHaveText(
    expected(first.priceYearly, 'GBP'),
  );
});

test('the currency test page shows the cache and sample conversions', async ({ page }) => {
  await stubExchangeRates(page);
  await page.goto('/currency-test');
  await page.getByRole('button', { name: 'Refresh the rates' }).click();
  await expect(page.getByTestId('rates-source')).toHaveText(/Live, fetched just now|Browser cache/);
  const row = page.getByTestId('conversions').getByRole('row', { name: /^100 / });
  await expect(row).toContainText('$100');
  await expect(row).toContainText('€90');
  await expect(row).toContainText('£80');
});

test('the service test reports every call healthy', async ({ page }) => {
  await page.goto('/test-service');
  await expect(page.getByText('All systems answer.')).toBeVisible({ timeout: 15_000 });
});
