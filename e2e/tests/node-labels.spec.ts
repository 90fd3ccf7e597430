import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '../support/fixtures';
import { devLogin } from '../support/session';

const run = promisify(execFile);
const KUBECTL = process.env.KUBECTL ?? 'kubectl';

/** A one-node Dev/Test cluster of the demo organization, ordered and paid with the test card. */
async function runningCluster(request: APIRequestContext, baseURL: string) {
  const origin = { Origin: baseURL };
  const name = `labels-${Date.now().toString(36)}`;
  const placed = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': `labels-spec-${name}`, ...origin },
    data: {
      kind: 'cluster',
      cluster: {
        name,
        tier: 'orange',
        provider: 'alpenkube',
        region: 'eu-fr-par',
        kubernetesVersion: '1.37',
        nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: 1 }],
        haControlPlane: false,
        addons: [],
        supportPlan: 'basic',
      },
      billingCycle: 'monthly',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number };
  const token = await request.post('/test-gateway/v1/tokens', {
    headers: origin,
    data: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
  });
  const card = await request.post('/api/billing/payment-methods', {
    headers: origin,
    data: { token: ((await token.json()) as { id: string }).id, makeDefault: false },
  });
  expect([200, 201], await card.text()).toContain(card.status());
  const paid = await request.post(`/api/orders/${order.id}/pay`, {
    headers: origin,
    data: { paymentMethodId: ((await card.json()) as { id: number }).id },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const id = ((await paid.json()) as { order: { clusterId: number } }).order.clusterId;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/clusters/${id}`)).json()) as { status: string }).status,
      { timeout: 45_000, intervals: [500] },
    )
    .toBe('running');
  return { id, name };
}

test('a label and a taint set on the cluster page show in kubectl; a tag filters the list', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await devLogin(page, 'demo');
  const cluster = await runningCluster(page.request, baseURL!);
  await page.goto(`/clusters/${cluster.id}`);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download kubeconfig' }).click();
  const kubeconfig = await (await downloading).path();
  const kubectl = async (...args: string[]) =>
    (await run(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 30_000 })).stdout;
  expect(await kubectl('get', 'nodes', '--show-labels')).not.toContain('example.com/team=web');

  await page.getByRole('button', { name: 'Labels and taints of pool general' }).click();
  const dialog = page.getByRole('dialog', { name: 'Labels and taints of pool general' });
  // A reserved key is refused before anything is sent, naming the key.
  await dialog.getByLabel('Labels').fill('kubernetes.io/role=web');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/kubernetes\.io\/role uses the reserved prefix/)).toBeVisible();
  await dialog.getByLabel('Labels').fill('example.com/team=web\nworkload=batch');
  await dialog.getByLabel('Taints').fill('dedicated=batch:NoSchedule');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Labels of pool general' })).toContainText(
    'example.com/team=web',
  );
  await expect(
    page.getByRole('list', { name: 'Cluster events' }).getByText(/Pool general: labels/),
  ).toBeVisible();

  const labels = await kubectl('get', 'nodes', '--show-labels');
  expect(labels).toContain('example.com/team=web');
  expect(labels).toContain('workload=batch');
  const node = (await kubectl('get', 'nodes', '-o', 'name')).trim();
  expect(await kubectl('describe', node)).toMatch(/Taints:\s+dedicated=batch:NoSchedule/);

  // A tag from the cluster page, then the list filtered by it.
  await page.getByRole('button', { name: `Edit tags of ${cluster.name}` }).click();
  const tags = page.getByRole('dialog', { name: `Tags of ${cluster.name}` });
  await tags.getByLabel('Tags').fill(`e2e-${cluster.name}`);
  await tags.getByRole('button', { name: 'Save tags' }).click();
  await expect(tags).toBeHidden();
  await page
    .getByRole('list', { name: `Tags of ${cluster.name}` })
    .getByRole('link', { name: `e2e-${cluster.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-clusters\\?tag=e2e-${cluster.name}$`));
  await expect(page.getByText('Clusters 1–1 of 1')).toBeVisible();
});
