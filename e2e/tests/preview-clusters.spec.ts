import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { clusterStatus, runningCluster } from '../support/clusters';

/**
 * A CI pipeline's preview cluster: ordered and paid with an API token, with an expiry; the
 * cluster page shows it, and at its expiry (the development sweep moves the clock for this one
 * cluster only) it is deleted through the normal delete operation.
 */
test('a preview cluster ordered with an API token shows its expiry and is deleted at it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
  await devLogin(page, 'demo');
  const origin = { Origin: baseURL! };
  const created = await page.request.post('/api/api-tokens', {
    headers: origin,
    data: {
      name: `ci-${Date.now().toString(36)}`,
      scopes: ['orders:write', 'clusters:write', 'billing:write'],
      expiresInDays: 7,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The `request` fixture has no cookie: only the token speaks.
  const bearer = { authorization: `Bearer ${((await created.json()) as { token: string }).token}` };

  const { id: clusterId } = await runningCluster(request, baseURL!, {
    prefix: 'pr',
    expiresInHours: 2,
    payWith: 'test-card',
    auth: bearer,
  });
  const cluster = () => clusterStatus(request, clusterId, bearer);
  const { expiresAt } = await cluster();
  expect(expiresAt).not.toBeNull();

  await page.goto(`/clusters/${clusterId}`);
  await expect(page.getByRole('heading', { name: 'Lifespan' })).toBeVisible();
  await expect(page.getByTestId('preview-expiry')).toContainText('Deleted on');
  await expect(page.getByRole('heading', { name: 'Sleep schedule' })).toBeVisible();

  // Just before its expiry nothing happens; just after, it is deleted.
  const before = await page.request.post(`/api/dev/clusters/${clusterId}/sweep`, {
    headers: origin,
    data: { at: new Date(new Date(expiresAt!).getTime() - 60_000).toISOString() },
  });
  expect(((await before.json()) as { expired: number[] }).expired).toEqual([]);
  const after = await page.request.post(`/api/dev/clusters/${clusterId}/sweep`, {
    headers: origin,
    data: { at: new Date(new Date(expiresAt!).getTime() + 1_000).toISOString() },
  });
  expect(((await after.json()) as { expired: number[] }).expired).toEqual([clusterId]);
  await expect(page.locator('h1 [data-status]')).toHaveText(/Deleting|Deleted/, {
    timeout: 30_000,
  });
  await expect
    .poll(async () => (await cluster()).status, { timeout: 45_000, intervals: [500] })
    .toBe('deleted');
});
