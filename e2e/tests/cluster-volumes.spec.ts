import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { runningCluster } from '../support/clusters';

const run = promisify(execFile);
const KUBECTL = process.env.KUBECTL ?? 'kubectl';

test('a volume and a load balancer: made on the cluster page, listed by kubectl, metered on the usage page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
  await devLogin(page, 'demo');
  const cluster = await runningCluster(page.request, baseURL!, {
    prefix: 'vol',
    payWith: 'test-card',
  });
  await page.goto(`/clusters/${cluster.id}`);
  const events = page.getByRole('list', { name: 'Cluster events' });

  await page.getByRole('button', { name: 'Add volume' }).click();
  const volumeDialog = page.getByRole('dialog', { name: `Add a volume to ${cluster.name}` });
  await volumeDialog.getByLabel('Name').fill('data');
  await volumeDialog.getByLabel('Size (GB)').fill('200');
  await volumeDialog.getByLabel('Storage class').selectOption('alpenkube-ssd-retain');
  await volumeDialog.getByRole('button', { name: 'Create volume' }).click();
  await expect(volumeDialog).toBeHidden();
  const volumes = page.getByRole('list', { name: 'Volumes' });
  await expect(volumes.getByText('data', { exact: true })).toBeVisible();
  // The node's disk is listed too, paid with the node.
  await expect(volumes.getByText('Node disk, in the node price')).toHaveCount(1);
  await expect(events.getByText('Volume data created: 200 GB, alpenkube-ssd-retain')).toBeVisible();

  await page.getByRole('button', { name: 'Add load balancer' }).click();
  const balancerDialog = page.getByRole('dialog', {
    name: `Add a load balancer to ${cluster.name}`,
  });
  await balancerDialog.getByLabel('Name').fill('web');
  await balancerDialog.getByRole('button', { name: 'Create load balancer' }).click();
  await expect(balancerDialog).toBeHidden();
  const createdAt = Date.now();
  const balancers = page.getByRole('list', { name: 'Load balancers' });
  await expect(balancers).toContainText('203.0.113.10');
  await expect(balancers.getByText('Simulated traffic')).toBeVisible();
  await expect(events.getByText('Load balancer web created at 203.0.113.10')).toBeVisible();

  // The cluster's own kubeconfig, with a real kubectl.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download kubeconfig' }).click();
  const kubeconfig = await (await downloading).path();
  const kubectl = async (...args: string[]) =>
    (await run(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 30_000 })).stdout;
  expect(await kubectl('get', 'pv')).toMatch(
    /^data\s+200Gi\s+RWO\s+Retain\s+Available\s+alpenkube-ssd-retain/m,
  );
  expect(await kubectl('get', 'svc', '-A')).toMatch(
    /^default\s+web\s+LoadBalancer\s+10\.96\.\S+\s+203\.0\.113\.10\s+80:\d+\/TCP,443:\d+\/TCP/m,
  );

  // Metered now, the hour under way included, once the load balancer has sent out a little.
  await page.waitForTimeout(Math.max(0, createdAt + 30_000 - Date.now()));
  const metered = await page.request.post('/api/dev/usage/meter-now', {
    headers: { Origin: baseURL! },
  });
  expect(metered.status(), await metered.text()).toBe(200);
  await page.goto(`/usage?cluster=${cluster.id}&groupBy=metric`);
  const totals = page.getByTestId('metric-totals').getByTestId('metric-total-row');
  await expect(totals.filter({ hasText: 'Storage' })).toBeVisible();
  await expect(totals.filter({ hasText: 'Egress' })).toBeVisible();
  await expect(page.getByText('Egress: simulated traffic')).toBeVisible();

  // Deleted from the cluster page: gone for kubectl too.
  await page.goto(`/clusters/${cluster.id}`);
  await page.getByRole('button', { name: 'Delete volume data' }).click();
  await page
    .getByRole('dialog', { name: 'Delete volume data?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(volumes.getByText('data', { exact: true })).toHaveCount(0);
  await expect(events.getByText('Volume data deleted (200 GB)')).toBeVisible();
  expect(await kubectl('get', 'pv')).not.toMatch(/^data\s/m);
});
