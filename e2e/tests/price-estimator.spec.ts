import { expect, test, type Page } from '../support/fixtures';
import type { Quote } from '@alpenkube/contract/pricing';
import { TEST_RATES, stubExchangeRates } from './public-helpers';

// The stubbed rate service must be reachable whatever origin the CSP allows for the real one.
test.use({ bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] });

/** The estimator's figures: minor units converted by the rate, rounded down to the cent. */
function money(cents: number, currency: 'USD' | 'EUR') {
  const minor = Math.floor(cents * TEST_RATES[currency]);
  const text = (minor / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${currency === 'USD' ? '$' : '€'}${text}`;
}

/** What the test configures, as the engine and POST /api/quotes take it. */
const config = {
  tier: 'blue',
  provider: 'gke',
  region: 'europe-west3',
  kubernetesVersion: '1.37',
  nodePools: [
    { name: 'web', size: 's-2vcpu-4gb', count: 4, autoscaleMin: 4, autoscaleMax: 8 },
    { name: 'pool-2', size: 'm-4vcpu-16gb', count: 2 },
  ],
  haControlPlane: true,
  addons: ['monitoring'],
  supportPlan: 'business',
  billingCycle: 'yearly' as const,
};

async function expectConfigured(page: Page) {
  await expect(page.getByLabel('Cluster tier', { exact: true })).toHaveValue('blue');
  await expect(page.getByLabel('Provider', { exact: true })).toHaveValue('gke');
  await expect(page.getByLabel('Region', { exact: true })).toHaveValue('europe-west3');
  const pools = page.getByTestId('node-pool');
  await expect(pools).toHaveCount(2);
  await expect(pools.nth(0).getByLabel('Pool name', { exact: true })).toHaveValue('web');
  await expect(pools.nth(0).getByLabel('Nodes', { exact: true })).toHaveValue('4');
  await expect(pools.nth(0).getByLabel('Maximum', { exact: true })).toHaveValue('8');
  await expect(pools.nth(1).getByLabel('Node size', { exact: true })).toHaveValue('m-4vcpu-16gb');
  await expect(pools.nth(1).getByLabel('Nodes', { exact: true })).toHaveValue('2');
  await expect(page.getByRole('checkbox', { name: /High-availability/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Monitoring/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Business/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Yearly/ })).toBeChecked();
}

test('from /pricing, a configuration priced as the API prices it, shared by link and ordered', async ({
  page,
  context,
  request,
}) => {
  await stubExchangeRates(page);
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Open the price estimator' }).click();
  await expect(page.getByRole('heading', { name: 'Price estimator', level: 1 })).toBeVisible();
  // Signed out: the public layout, and the defaults are in the URL at once.
  await expect(page.getByRole('link', { name: /Sign in|Login/i }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/price-estimator\?tier=blue&provider=alpenkube&/);

  await page.getByLabel('Provider', { exact: true }).selectOption('gke');
  await page.getByLabel('Region', { exact: true }).selectOption('europe-west3');
  const first = page.getByTestId('node-pool').nth(0);
  await first.getByLabel('Pool name', { exact: true }).fill('web');
  await first.getByLabel('Nodes', { exact: true }).fill('4');
  await first.getByRole('checkbox', { name: 'Autoscale' }).check();
  await page.getByRole('button', { name: 'Add node pool' }).click();
  const second = page.getByTestId('node-pool').nth(1);
  await second.getByLabel('Node size', { exact: true }).selectOption('m-4vcpu-16gb');
  await second.getByLabel('Nodes', { exact: true }).fill('2');
  await page.getByRole('checkbox', { name: /High-availability/ }).check();
  await page.getByRole('checkbox', { name: /^Monitoring/ }).check();
  await page.getByRole('radio', { name: /^Business/ }).click();
  await page.getByRole('radio', { name: /^Yearly/ }).click();
  await expectConfigured(page);

  const answer = await request.post('/api/quotes', { data: config });
  expect(answer.status()).toBe(200);
  const quote = (await answer.json()) as Quote;
  expect(quote.total).toBe(quote.yearly);

  // The default display currency is EUR: the API's USD figure converted and rounded down.
  const total = page.getByTestId('estimate-total');
  await expect(total).toHaveText(money(quote.total, 'EUR'));
  await expect(page.getByTestId('price-currency-note')).toContainText('set in US dollars');
  const panel = page.getByRole('region', { name: 'Your estimate' });
  await panel.getByRole('combobox', { name: /Display currency/ }).selectOption('USD');
  await expect(total).toHaveText(money(quote.total, 'USD'));
  await expect(panel.getByTestId('price-line')).toHaveCount(quote.lines.length);
  for (const [index, line] of quote.lines.entries()) {
    const row = panel.getByTestId('price-line').nth(index);
    await expect(row.getByRole('rowheader')).toContainText(line.description);
    await expect(row.getByRole('cell').last()).toHaveText(money(line.yearly, 'USD'));
  }
  await expect(panel.getByTestId('price-total-monthly')).toHaveText(money(quote.monthly, 'USD'));
  await expect(panel.getByTestId('yearly-discount')).toHaveText(`${quote.yearlyDiscountPercent}%`);
  await expect(panel.getByTestId('yearly-saving')).toHaveText(
    money(12 * quote.monthly - quote.yearly, 'USD'),
  );

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());

  const reopened = await context.newPage();
  await stubExchangeRates(reopened);
  await reopened.goto(link);
  await expectConfigured(reopened);
  // The currency is a stored preference of the browser: USD here too.
  await expect(reopened.getByTestId('estimate-total')).toHaveText(money(quote.total, 'USD'));
  await reopened.close();

  const query = new URL(page.url()).search;
  await page.getByRole('link', { name: 'Order this configuration' }).click();
  // The wizard asks a visitor to sign in first, and keeps the configuration for after.
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBe(
    `/configure-cluster${query}`,
  );
});

test('a cluster-type page links to the estimator with its tier chosen', async ({ page }) => {
  await stubExchangeRates(page);
  await page.goto('/cluster-types/red');
  await page.getByRole('link', { name: 'Estimate with pools, add-ons and support' }).click();
  await expect(page.getByLabel('Cluster tier', { exact: true })).toHaveValue('red');
  // HA is part of Enterprise: on, and not a choice.
  await expect(page.getByRole('checkbox', { name: /High-availability/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /High-availability/ })).toBeDisabled();
  await expect(page.getByTestId('estimate-total')).toBeVisible();
});
