import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';

test('a billing member sees the invoices and no cluster', async ({ page }) => {
  await devLogin(page, 'biller');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Usage' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Clusters' })).toHaveCount(0);
  await expect(page.getByTestId('stat-orders')).toBeVisible();
  await expect(page.getByTestId('stat-clusters')).toHaveCount(0);

  await nav.getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();

  // The clusters page typed by its address: the role's refusal, and the API's the same.
  await page.goto('/my-clusters');
  await expect(
    page.getByRole('heading', { name: 'You do not have access to this page' }),
  ).toBeVisible();
  await expect(page.getByText('Your role (Billing) cannot see clusters.')).toBeVisible();
  const clusters = await page.request.get('/api/clusters');
  expect(clusters.status()).toBe(403);
});

test('a read-only member sees a cluster but cannot change it or take its kubeconfig', async ({
  page,
}) => {
  await devLogin(page, 'viewer');
  const list = await page.request.get('/api/clusters?status=running');
  expect(list.status()).toBe(200);
  const body = (await list.json()) as
    | { id: number; name: string; status: string }[]
    | {
        items: { id: number; name: string; status: string }[];
      };
  const rows = Array.isArray(body) ? body : body.items;
  const running = rows.find((cluster) => cluster.status === 'running')!;
  await page.goto(`/clusters/${running.id}`);
  await expect(page.getByRole('heading', { name: running.name, level: 1 })).toBeVisible();
  await expect(
    page.getByText('Your role does not include cluster credentials', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Your role (Read-only) cannot change clusters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download kubeconfig' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  // Support: the tickets are there to read; opening one is not the read-only member's.
  await page.goto('/support');
  await expect(
    page.getByText('Your role (Read-only) cannot change support tickets.'),
  ).toBeVisible();
  const write = await page.request.patch(`/api/clusters/${running.id}`, {
    data: { name: 'renamed-by-viewer' },
  });
  expect(write.status()).toBe(403);
});
