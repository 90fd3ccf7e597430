import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { devLogin, untilSocketOpen } from '../support/session';
import { paidCluster } from '../support/clusters';

interface ClusterView {
  id: number;
  name: string;
  status: string;
  nodePools: { id: number; name: string; count: number }[];
}

async function clusterOf(request: APIRequestContext, id: number) {
  const response = await request.get(`/api/clusters/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ClusterView;
}

async function waitUntilRunning(request: APIRequestContext, id: number) {
  await expect
    .poll(async () => (await clusterOf(request, id)).status, { timeout: 45_000, intervals: [500] })
    .toBe('running');
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name: new RegExp(name) });
const statusBadge = (page: Page) => page.locator('h1 [data-status]');

test.describe('clusters', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
    await devLogin(page, 'demo');
  });

  test('a paid cluster: running, scaled live, its kubeconfig downloaded, deleted by its name', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const cluster = await paidCluster(page.request, baseURL!, {
      prefix: 'e2e',
      payWith: 'test-card',
    });
    await waitUntilRunning(page.request, cluster.id);

    await page.goto('/my-clusters');
    const row = page.getByTestId('cluster-row').filter({ hasText: cluster.name });
    await expect(row).toContainText('Running');
    await expect(page.getByText(/Clusters run on simulated providers/)).toBeVisible();
    await row.getByRole('link', { name: cluster.name }).click();

    await expect(page).toHaveURL(new RegExp(`/clusters/${cluster.id}$`));
    await expect(heading(page, cluster.name)).toBeVisible();
    await expect(statusBadge(page)).toHaveText('Running');
    const pool = page.getByTestId('node-pool').filter({ hasText: 'general' });
    await expect(pool.getByTestId('cluster-node')).toHaveCount(1);
    // From here on the page follows the cluster without reloading.
    await untilSocketOpen(page);

    await page.getByRole('button', { name: 'Scale pool general' }).click();
    const scale = page.getByRole('dialog', { name: 'Scale pool general' });
    await scale.getByLabel('Nodes').fill('2');
    await scale.getByRole('button', { name: 'Scale' }).click();
    await expect(scale).toBeHidden();
    await expect(pool.getByTestId('cluster-node')).toHaveCount(2, { timeout: 30_000 });
    await expect(statusBadge(page)).toHaveText('Running', { timeout: 30_000 });
    await expect(pool.locator('[data-testid="cluster-node"] [data-status="ready"]')).toHaveCount(2);
    await expect(
      page.getByRole('list', { name: 'Cluster events' }).getByText(/general.*from 1 to 2/),
    ).toBeVisible();
    expect((await clusterOf(page.request, cluster.id)).nodePools[0]?.count).toBe(2);

    const fileName = `${cluster.name}-kubeconfig.yaml`;
    await expect(page.getByText(`kubectl --kubeconfig ${fileName} get nodes`)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download kubeconfig' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    const kubeconfig = await readFile(await download.path(), 'utf8');
    expect(kubeconfig).toMatch(/^\s*server: "?https:\/\/\S+/m);
    expect(kubeconfig).toMatch(/^\s*token: "?\S{16,}/m);

    await page.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: `Delete ${cluster.name}?` });
    const confirm = remove.getByRole('button', { name: 'Delete cluster' });
    await remove.getByLabel(/Type .* to confirm/).fill(cluster.name.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await remove.getByLabel(/Type .* to confirm/).fill(cluster.name);
    await confirm.click();
    await expect(page).toHaveURL(/\/my-clusters$/);
    await expect(page.getByText('Cluster being deleted', { exact: true }).first()).toBeVisible();
    // Deleting takes the provider a few steps; the list drops the cluster once it is gone.
    await expect(page.getByTestId('cluster-row').filter({ hasText: cluster.name })).toHaveCount(0, {
      timeout: 30_000,
    });
    await expect
      .poll(async () => (await clusterOf(page.request, cluster.id)).status, { timeout: 30_000 })
      .toBe('deleted');
  });

  test('the list keeps its filters in the URL, and a phone gets cards', async ({ page }) => {
    await page.goto('/my-clusters');
    await expect(page.getByRole('heading', { name: 'Clusters', level: 1 })).toBeVisible();
    await expect(page.getByTestId('cluster-row').first()).toBeVisible();
    await page.getByLabel('Status').selectOption('running');
    await expect(page).toHaveURL(/\/my-clusters\?status=running$/);
    // The previous page stays on screen until the filtered one arrives.
    const statuses = page.locator('[data-testid="cluster-row"] [data-status]');
    await expect
      .poll(async () => [...new Set(await statuses.allTextContents())])
      .toEqual(['Running']);
    await page.getByLabel('Sort by').selectOption('name');
    await expect(page).toHaveURL(/\/my-clusters\?status=running&sort=name$/);
    const names = () =>
      page
        .locator('[data-testid="cluster-row"]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-cluster-name') ?? ''));
    await expect
      .poll(async () => {
        const shown = await names();
        return shown.length > 1 && shown.join() === [...shown].sort().join();
      })
      .toBe(true);

    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('running');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('cluster-card').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your organization’s clusters' })).toBeHidden();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the cluster pages have no serious accessibility violation, ${scheme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const list = (await (await page.request.get('/api/clusters?status=running')).json()) as {
        items: { id: number; name: string }[];
      };
      const running = list.items[0]!;
      const pages: [string, string | RegExp][] = [
        ['/my-clusters', 'Clusters'],
        [`/clusters/${running.id}`, new RegExp(running.name)],
        [`/clusters/${running.id}/status`, new RegExp(`Status of ${running.name}`)],
      ];
      for (const [url, name] of pages) {
        await page.goto(url);
        await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
        // The page's own content: the header (the bell and its count) has its own spec.
        const serious = await seriousViolations(page, { within: '#main-content' });
        expect(serious, url).toEqual([]);
      }
    });
  }
});
