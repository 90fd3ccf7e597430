import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '../support/fixtures';
import { devLogin } from '../support/session';

/**
 * Gzipped bytes of every script a page loads until the network is idle (gzip -9, as served).
 * The page's own record of what it loaded (Resource Timing) lists them: on a busy machine some
 * responses reached the test's listener only after the network was idle and went uncounted.
 */
async function initialScripts(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.endsWith('.js')),
    ),
  ]);
  const sizes = await Promise.all(
    urls.map(async (url) => {
      const response = await page.request.get(url);
      expect(response.ok(), url).toBe(true);
      return gzipSync(await response.body(), { level: 9 }).length;
    }),
  );
  const total = sizes.reduce((sum, size) => sum + size, 0);
  test
    .info()
    .annotations.push({ type: `${path} initial-js-gzip-bytes`, description: String(total) });
  return { total, names: urls.map((url) => url.split('/').pop() ?? url) };
}

test('the pricing page links to the estimator and stays within the public budget', async ({
  page,
}) => {
  const { total, names } = await initialScripts(page, '/pricing');
  expect(names.some((name) => /price-estimator|configure-cluster/.test(name))).toBe(false);
  expect(total).toBeLessThanOrEqual(150 * 1024);
});

test('the cluster wizard loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
  await devLogin(page, 'demo');
  const { total } = await initialScripts(page, '/configure-cluster');
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('the price estimator loads at most 250 KB of gzipped JavaScript, signed in or not', async ({
  page,
}) => {
  const visitor = await initialScripts(page, '/price-estimator');
  expect(visitor.total).toBeLessThanOrEqual(250 * 1024);
});

for (const path of ['/cluster-selection', '/smart-suggestions']) {
  test(`${path} loads at most 250 KB of gzipped JavaScript`, async ({ page }) => {
    await devLogin(page, 'demo');
    const { total } = await initialScripts(page, path);
    expect(total).toBeLessThanOrEqual(250 * 1024);
  });
}

test('the cluster list loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
  await devLogin(page, 'demo');
  const { total } = await initialScripts(page, '/my-clusters');
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('a cluster’s page loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
  await devLogin(page, 'demo');
  const list = (await (await page.request.get('/api/clusters')).json()) as {
    items: { id: number }[];
  };
  const { total } = await initialScripts(page, `/clusters/${list.items[0]!.id}`);
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('the add-ons page loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
  await devLogin(page, 'demo');
  const { total } = await initialScripts(page, '/add-ons');
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('the topology overview loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
  await devLogin(page, 'demo');
  const { total } = await initialScripts(page, '/cluster-topology');
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('a cluster’s topology loads at most 250 KB of gzipped JavaScript', async ({ page }) => {
  await devLogin(page, 'demo');
  const running = (await (
    await page.request.get('/api/clusters?status=running&limit=1')
  ).json()) as {
    items: { id: number }[];
  };
  const { total } = await initialScripts(page, `/clusters/${running.items[0]!.id}/topology`);
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('the billing page loads at most 250 KB of gzipped JavaScript, its forms not before asked', async ({
  page,
}) => {
  await devLogin(page, 'admin');
  const { total, names } = await initialScripts(page, '/billing');
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  // The forms (react-hook-form, zod, the contract's schemas) load when a dialog is about to open.
  expect(names.some((name) => name.startsWith('forms-'))).toBe(false);
  expect(total).toBeLessThanOrEqual(250 * 1024);
});

test('the usage page, charts included, loads at most 250 KB of gzipped JavaScript', async ({
  page,
}) => {
  await devLogin(page, 'demo');
  const { total, names } = await initialScripts(page, '/usage?range=90d');
  // The charts' library (visx and its d3 parts) comes with the usage page's own chunk.
  expect(names.some((name) => name.startsWith('usage-page'))).toBe(true);
  expect(total).toBeLessThanOrEqual(250 * 1024);
});
