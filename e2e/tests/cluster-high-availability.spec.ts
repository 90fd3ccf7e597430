import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { runningCluster } from '../support/clusters';

test.describe('high availability after creation', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
    await devLogin(page, 'demo');
  });

  test('makes a running single-zone control plane highly available: quoted, paid, then three zones', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const cluster = await runningCluster(page.request, baseURL!, {
      prefix: 'ha',
      tier: 'blue',
      size: 'm-4vcpu-16gb',
    });

    await page.goto(`/clusters/${cluster.id}`);
    const overview = page.getByLabel('Cluster overview');
    await expect(overview).toContainText('Single zone');
    await overview.getByRole('button', { name: 'Make highly available' }).click();
    const dialog = page.getByRole('dialog', { name: `Make ${cluster.name} highly available` });
    const quote = dialog.getByTestId('ha-quote');
    await expect(quote).toContainText(/A highly available control plane costs \$[\d,.]+ a month/);
    await expect(quote).toContainText(/You pay for the \d+ hours left/);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    await expect(page.getByText(`High availability for ${cluster.name}`).first()).toBeVisible();
    await page.getByRole('form', { name: 'Payment' }).getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=\d+/);
    await page.getByRole('link', { name: 'See the cluster' }).click();

    await expect(page).toHaveURL(new RegExp(`/clusters/${cluster.id}$`));
    // The operation runs as a job; its steps and its end arrive as pushes.
    await expect(page.getByLabel('Cluster overview')).toContainText('Highly available (3 zones)', {
      timeout: 45_000,
    });
    await expect(
      page.getByText(/Control-plane replica 2 of 3 ready in zone/).first(),
    ).toBeVisible();
  });
});
