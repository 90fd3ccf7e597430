import { expect, test, type Page } from '../support/fixtures';
import { devLogin, untilSocketOpen } from '../support/session';
import { seriousViolations } from '../support/axe';

interface PlacedOrder {
  id: number;
  number: string;
  status: string;
}

/** A cluster order of the demo organization, placed through the API: waiting for payment. */
async function placeClusterOrder(page: Page, baseURL: string, label: string) {
  const name = `${label}-${Date.now().toString(36)}`;
  const response = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': `orders-spec-${name}`, Origin: baseURL },
    data: {
      kind: 'cluster',
      cluster: {
        name,
        tier: 'blue',
        provider: 'alpenkube',
        region: 'eu-fr-par',
        kubernetesVersion: '1.37',
        nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
        haControlPlane: false,
        addons: ['monitoring'],
        supportPlan: 'basic',
      },
      billingCycle: 'monthly',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PlacedOrder;
}

const orderRow = (page: Page, number: string) =>
  page.getByTestId('order-row').filter({ hasText: number });
const timelineEvents = (page: Page) =>
  page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');

test.describe('orders', () => {
  test.beforeEach(async ({ page }) => {
    await devLogin(page, 'demo');
  });

  test('a cluster order: listed, on the dashboard, its status page, cancelled', async ({
    page,
    baseURL,
  }) => {
    const order = await placeClusterOrder(page, baseURL!, 'listed');

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(orderRow(page, order.number)).toContainText('Pending payment');

    await page.goto('/orders/clusters');
    await expect(page.getByRole('heading', { name: 'Cluster orders', level: 1 })).toBeVisible();
    const kinds = page.getByRole('navigation', { name: 'Order kinds' });
    await expect(kinds.getByRole('link', { name: 'Clusters' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(orderRow(page, order.number)).toContainText('Pending payment');
    await page.getByLabel('Status').selectOption('cancelled');
    await expect(page).toHaveURL(/\/orders\/clusters\?status=cancelled$/);
    await expect(orderRow(page, order.number)).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const openOrders = page.getByRole('list', { name: 'Open orders' });
    // The newest open orders come first: one placed a moment ago is among the five shown.
    await expect(
      openOrders.getByTestId('open-order').filter({ hasText: order.number }),
    ).toBeVisible();
    await openOrders.getByRole('link', { name: new RegExp(order.number) }).click();

    await expect(page).toHaveURL(new RegExp(`/order-status/${order.id}$`));
    await expect(
      page.getByRole('heading', { name: new RegExp(`Order ${order.number}`), level: 1 }),
    ).toBeVisible();
    await expect(timelineEvents(page)).toHaveCount(1);
    await expect(timelineEvents(page).first()).toContainText('Pending payment');
    await expect(page.getByRole('link', { name: 'Complete payment' })).toHaveAttribute(
      'href',
      `/configure-cluster?order=${order.id}`,
    );

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText('Order cancelled', { exact: true }).first()).toBeVisible();
    await expect(timelineEvents(page)).toHaveCount(2);
    await expect(timelineEvents(page).last()).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    await page.goto('/order-status');
    await expect(page.getByRole('heading', { name: 'Order status', level: 1 })).toBeVisible();
    await expect(page.getByTestId('open-order').first()).toBeVisible();
    await expect(page.getByTestId('open-order').filter({ hasText: order.number })).toHaveCount(0);
  });

  test('the status page follows a change made elsewhere, pushed over the socket', async ({
    page,
    baseURL,
  }) => {
    const order = await placeClusterOrder(page, baseURL!, 'pushed');
    await page.goto(`/order-status/${order.id}`);
    await expect(timelineEvents(page)).toHaveCount(1);
    // Once the socket is open, cancel from "another tab": no reload, no poll on this page.
    await untilSocketOpen(page);
    const cancelled = await page.request.post(`/api/orders/${order.id}/cancel`, {
      headers: { Origin: baseURL! },
    });
    expect(cancelled.status()).toBe(200);
    await expect(timelineEvents(page)).toHaveCount(2, { timeout: 3000 });
    await expect(page.locator('h1 [data-status]')).toHaveText('Cancelled');
  });

  test('an unknown order and a missing ?order say so plainly', async ({ page }) => {
    await page.goto('/order-status/999999');
    await expect(page.getByRole('heading', { name: 'Order not found', level: 1 })).toBeVisible();
    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { name: 'No order to show', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders');
  });

  test('back from the gateway challenge, /payment-success finishes the payment', async ({
    page,
    baseURL,
  }) => {
    const origin = { Origin: baseURL! };
    const order = await placeClusterOrder(page, baseURL!, 'challenged');
    const token = await page.request.post('/test-gateway/v1/tokens', {
      headers: origin,
      data: {
        number: '4000002760003184',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      },
    });
    expect(token.status(), await token.text()).toBe(201);
    const card = await page.request.post('/api/billing/payment-methods', {
      headers: origin,
      data: { token: ((await token.json()) as { id: string }).id, makeDefault: false },
    });
    // A card is saved once per organization: 200 when another spec saved it first. It stays
    // saved (not the default), since a spec running beside this one may be paying with it.
    expect([200, 201], await card.text()).toContain(card.status());
    const cardId = ((await card.json()) as { id: number }).id;
    const paid = await page.request.post(`/api/orders/${order.id}/pay`, {
      headers: origin,
      data: { paymentMethodId: cardId, returnPath: `/payment-success?order=${order.id}` },
    });
    const result = (await paid.json()) as { status: string; challengeUrl: string };
    expect(result.status).toBe('requires_action');

    await page.goto(result.challengeUrl);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-success\\?order=${order.id}$`));
    await expect(page.getByRole('heading', { name: 'Payment received', level: 1 })).toBeVisible();
    await expect(page.getByText(order.number)).toBeVisible();
    await expect(
      page.getByText('Your cluster is ordered: provisioning starts shortly; you will be notified.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'View order status' }).click();
    await expect(page.locator('h1 [data-status]')).toHaveText('Fulfilling');
    await expect(page.getByTestId('payment-status')).toHaveText('Succeeded');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the order pages have no serious accessibility violation, ${scheme}`, async ({
      page,
      baseURL,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const pending = await placeClusterOrder(page, baseURL!, `a11y-${scheme}`);
      const fulfilling = (await (
        await page.request.get('/api/orders?status=fulfilling&limit=1')
      ).json()) as PlacedOrder[];
      const pages: [string, string][] = [
        ['/orders', 'Orders'],
        ['/order-status', 'Order status'],
        [`/order-status/${pending.id}`, `Order ${pending.number}`],
        ...(fulfilling[0]
          ? ([
              [`/order-status/${fulfilling[0].id}`, `Order ${fulfilling[0].number}`],
              [`/payment-success?order=${fulfilling[0].id}`, 'Payment received'],
            ] as [string, string][])
          : []),
      ];
      for (const [url, heading] of pages) {
        await page.goto(url);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        expect(await seriousViolations(page), url).toEqual([]);
      }
    });
  }
});
