import { expect, test, type Page } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { devLogin } from '../support/session';

interface ClusterView {
  id: number;
  name: string;
  nodePools: { id: number; name: string; nodes: { name: string; status: string }[] }[];
  addons: { name: string }[];
}

/** A running cluster of the demo organization with its pools, nodes and add-ons. */
async function runningCluster(page: Page) {
  const response = await page.request.get('/api/clusters?status=running&limit=1');
  expect(response.status(), await response.text()).toBe(200);
  const running = (await response.json()) as { items: { id: number }[] };
  expect(running.items.length).toBe(1);
  const detail = await page.request.get(`/api/clusters/${running.items[0]!.id}`);
  return (await detail.json()) as ClusterView;
}

/**
 * The scripts a page loads until the network is idle, with whether each holds React Flow. The
 * page's own record (Resource Timing) lists them: on a busy machine a response can reach a
 * listener only after the network is idle.
 */
async function scriptsOf(page: Page, path: string) {
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
  return Promise.all(
    urls.map(async (url) => {
      const body = await (await page.request.get(url)).text();
      return { url, flow: body.includes('react-flow__') };
    }),
  );
}

/** One item the graph draws, by its id in the layout (`cluster-3/node-<name>`). */
const graphItem = (page: Page, id: string) =>
  page.getByTestId('topology-graph').locator(`.react-flow__node[data-id="${id}"]`);

test.describe('cluster topology', () => {
  test.beforeEach(async ({ page }) => {
    await devLogin(page, 'demo');
  });

  test("one cluster's graph: its control plane, pools, every node and add-on, and a list", async ({
    page,
  }) => {
    const cluster = await runningCluster(page);
    await page.goto(`/clusters/${cluster.id}/topology`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Topology of ${cluster.name}` }),
    ).toBeVisible();
    const controlPlane = graphItem(page, `cluster-${cluster.id}/control-plane`);
    await expect(controlPlane).toContainText(cluster.name);
    await expect(controlPlane).toContainText('Control plane · running');
    for (const pool of cluster.nodePools) {
      await expect(graphItem(page, `cluster-${cluster.id}/pool-${pool.id}`)).toContainText(
        `Pool ${pool.name}`,
      );
      for (const node of pool.nodes) {
        const item = graphItem(page, `cluster-${cluster.id}/node-${node.name}`);
        await expect(item).toContainText(node.name);
        await expect(item).toContainText(node.status);
        await expect(item).toHaveAttribute('aria-label', new RegExp(`^Node ${node.name}: `));
      }
    }
    if (cluster.addons.length) {
      await expect(graphItem(page, `cluster-${cluster.id}/addons`)).toContainText('Add-ons');
    }
    for (const addon of cluster.addons) {
      await expect(page.getByTestId('topology-graph')).toContainText(addon.name);
    }
    const nodeCount = cluster.nodePools.reduce((sum, pool) => sum + pool.nodes.length, 0);
    await expect(page.getByTestId('topology-list-item')).toHaveCount(
      nodeCount + cluster.addons.length,
    );
    await expect(page.getByRole('heading', { name: 'Legend' })).toBeVisible();
    // Fitted: the control plane is in the frame.
    await expect(controlPlane).toBeInViewport();
  });

  test("every cluster's graph on /cluster-topology", async ({ page }) => {
    const cluster = await runningCluster(page);
    const all = (await (await page.request.get('/api/clusters/topology')).json()) as unknown[];
    await page.goto('/cluster-topology');
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster topology' })).toBeVisible();
    await expect(
      page.getByTestId('topology-graph').locator('.react-flow__node').first(),
    ).toBeVisible();
    await expect(graphItem(page, `cluster-${cluster.id}/control-plane`)).toBeAttached();
    // One item per cluster. Other specs order and delete clusters of the same demo organization
    // meanwhile; the graph follows them by push, so it comes to match the API as it is now.
    const items = page.getByRole('list', { name: 'Topology' }).locator(':scope > li');
    expect(all.length).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const now = (await (await page.request.get('/api/clusters/topology')).json()) as unknown[];
        return (await items.count()) - now.length;
      })
      .toBe(0);
  });

  test('only the topology pages load the graph library', async ({ page }) => {
    const cluster = await runningCluster(page);
    for (const path of ['/dashboard', '/my-clusters', `/clusters/${cluster.id}`]) {
      const scripts = await scriptsOf(page, path);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => script.flow).map((script) => script.url)).toEqual([]);
    }
    const topology = await scriptsOf(page, `/clusters/${cluster.id}/topology`);
    expect(topology.some((script) => script.flow)).toBe(true);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the topology page has no serious accessibility violation, ${scheme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const cluster = await runningCluster(page);
      await page.goto(`/clusters/${cluster.id}/topology`);
      await expect(graphItem(page, `cluster-${cluster.id}/control-plane`)).toBeVisible();
      // The page's own content: the header's bell changes with every spec's notifications.
      const serious = await seriousViolations(page, { within: '#main-content' });
      expect(serious).toEqual([]);
    });
  }
});
