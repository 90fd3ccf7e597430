import { expect, test, type Page } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { devLogin } from '../support/session';

const uniqueName = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const expiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

/**
 * Orders a small cluster in the wizard and pays it with the test card 4242; answers the paid
 * order's cluster. By default on EKS, whose control plane is the slowest (about 15 s at the e2e
 * speed), so the build is there to watch.
 */
async function orderAndPayInTheWizard(
  page: Page,
  name: string,
  where = 'provider=eks&region=eu-central-1',
  what = 'tier=blue&pool=workers:s-2vcpu-4gb:3',
) {
  await page.goto(`/configure-cluster?${what}&${where}&version=1.37&support=basic&cycle=monthly`);
  await page
    .getByRole('navigation', { name: 'Steps of the cluster order' })
    .getByRole('button', { name: /Review and order/ })
    .click();
  await page.getByLabel('Cluster name').fill(name);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  const payment = page.getByRole('form', { name: 'Payment' });
  const newCard = payment.getByRole('radio', { name: 'A new card' });
  if (!(await newCard.isChecked())) await newCard.check();
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry (MM/YY)').fill(expiry);
  await payment.getByLabel('Security code (CVC)').fill('123');
  await payment.getByRole('button', { name: /^Pay / }).click();
  // Paid: the slide goes forward to the new cluster's provisioning page.
  await expect(page).toHaveURL(/\/cluster-provisioning\?cluster=\d+$/);
  const clusterId = Number(new URL(page.url()).searchParams.get('cluster'));
  const cluster = (await (await page.request.get(`/api/clusters/${clusterId}`)).json()) as {
    orderId: number;
  };
  expect(cluster.orderId).toBeGreaterThan(0);
  return { orderId: cluster.orderId, clusterId };
}

const percentOf = async (page: Page) =>
  Number((await page.getByTestId('provisioning-percent').textContent())?.replace('%', ''));

test.describe('cluster provisioning', () => {
  test.beforeEach(async ({ page }) => {
    await devLogin(page, 'demo');
  });

  test('a paid cluster is watched live: the percent rises, its nodes join, then the link to it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = uniqueName('watched');
    const order = await orderAndPayInTheWizard(page, name);

    await page.goto(`/cluster-provisioning?cluster=${order.clusterId}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText(/runs on a simulated Amazon Web Services/)).toBeVisible();
    // Nothing below reloads the page: what changes comes over the socket.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const first = await percentOf(page);
    expect(first).toBeLessThan(100);
    await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThan(first);
    await expect(page.getByTestId('provisioning-step')).not.toHaveText('');

    // The control plane takes a while: the nodes are not there yet, then each joins.
    const nodes = page.getByTestId('provisioning-node');
    await expect(nodes.and(page.locator('[data-status="joining"]')).first()).toBeVisible({
      timeout: 45_000,
    });
    await expect(nodes).toHaveCount(3, { timeout: 45_000 });
    await expect(nodes.and(page.locator('[data-status="ready"]'))).toHaveCount(3, {
      timeout: 45_000,
    });

    const open = page.getByRole('link', { name: 'Open the cluster' });
    await expect(open).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('provisioning-percent')).toHaveText('100%');
    await expect(page.getByTestId('provisioning-status')).toHaveText('running');
    const events = page.getByTestId('provisioning-event');
    expect(await events.count()).toBeGreaterThan(5);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

    await open.click();
    await expect(page).toHaveURL(new RegExp(`/clusters/${order.clusterId}$`));
  });

  test('without a cluster named, the clusters being built are listed, or the wizard offered', async ({
    page,
  }) => {
    await page.goto('/clusters/provisioning');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cluster provisioning' }),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Clusters being built' });
    const empty = page.getByText('No cluster is being built right now.');
    await expect(list.or(empty)).toBeVisible();
    if (await empty.isVisible()) {
      await expect(page.getByRole('link', { name: 'Configure a cluster' })).toHaveAttribute(
        'href',
        '/configure-cluster',
      );
    } else {
      await expect(list.getByRole('link').first()).toHaveAttribute(
        'href',
        /\/cluster-provisioning\?cluster=\d+$/,
      );
    }
    await page.goto('/cluster-provisioning?cluster=999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster not found' })).toBeVisible();
  });

  test('a build that fails shows, live, its reason, the refund and the order', async ({ page }) => {
    test.setTimeout(120_000);
    // Johannesburg has no capacity at Huawei Cloud: the nodes cannot boot, and after the
    // retries the build fails and the payment is credited back.
    // The smallest paid cluster there is (a Sandbox pays nothing up front, so refunds nothing):
    // its refund stays in the demo organization's credit, which must not pay in full the
    // orders of the other specs, which pay by card.
    const order = await orderAndPayInTheWizard(
      page,
      uniqueName('doomed'),
      'provider=cce&region=af-south-1',
      'tier=orange&pool=workers:s-2vcpu-4gb:1',
    );
    await page.goto(`/cluster-provisioning?cluster=${order.clusterId}`);
    const failure = page.getByTestId('provisioning-failure');
    await expect(failure).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('provisioning-status')).toHaveText('failed');
    await expect(failure).toContainText('No capacity in af-south-1 right now');
    await expect(page.getByTestId('provisioning-refund')).toContainText(
      /\$[0-9,.]+ was returned to your credit balance/,
    );
    await expect(
      failure.getByRole('link', { name: 'See the order and its refund' }),
    ).toHaveAttribute('href', `/order-status/${order.orderId}`);
    await expect(page.getByRole('link', { name: 'Open the cluster' })).toHaveCount(0);
    await expect(
      page.getByTestId('provisioning-event').and(page.locator('[data-kind="retry"]')).first(),
    ).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the provisioning page has no serious accessibility violation, ${scheme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const running = (await (
        await page.request.get('/api/clusters?status=running&limit=1')
      ).json()) as { items: { id: number }[] };
      await page.goto(`/cluster-provisioning?cluster=${running.items[0]!.id}`);
      await expect(page.getByRole('link', { name: 'Open the cluster' })).toBeVisible();
      // The page's own content: the header's bell changes with every spec's notifications.
      const serious = await seriousViolations(page, { within: '#main-content' });
      expect(serious).toEqual([]);
    });
  }
});
