import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';

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

  const name = `pr-${Date.now().toString(36)}`;
  const placed = await request.post('/api/orders', {
    headers: { ...bearer, 'Idempotency-Key': `preview-${name}` },
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
        expiresInHours: 2,
      },
      billingCycle: 'monthly',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number };

  const card = await request.post('/test-gateway/v1/tokens', {
    headers: origin,
    data: {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    },
  });
  const saved = await request.post('/api/billing/payment-methods', {
    headers: bearer,
    data: { token: ((await card.json()) as { id: string }).id, makeDefault: false },
  });
  expect([200, 201], await saved.text()).toContain(saved.status());
  const paid = await request.post(`/api/orders/${order.id}/pay`, {
    headers: bearer,
    data: { paymentMethodId: ((await saved.json()) as { id: number }).id },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const clusterId = ((await paid.json()) as { order: { clusterId: number } }).order.clusterId;

  const cluster = async () =>
    (await (await request.get(`/api/clusters/${clusterId}`, { headers: bearer })).json()) as {
      status: string;
      expiresAt: string | null;
    };
  await expect
    .poll(async () => (await cluster()).status, { timeout: 45_000, intervals: [500] })
    .toBe('running');
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
