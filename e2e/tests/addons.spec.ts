import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { runningCluster } from '../support/clusters';
import { seriousViolations } from '../support/axe';

test.describe('add-ons', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
    await devLogin(page, 'demo');
  });

  test('installs an add-on from /add-ons: priced for the rest of the period, paid, then on the cluster', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const cluster = await runningCluster(page.request, baseURL!, {
      prefix: 'addons',
      tier: 'blue',
      size: 'm-4vcpu-16gb',
    });

    await page.goto('/add-ons');
    await expect(page.getByRole('heading', { name: 'Add-ons', level: 1 })).toBeVisible();
    const card = page.getByTestId('cluster-addons').filter({ hasText: cluster.name });
    await expect(card).toContainText('No add-on is installed.');
    // The catalog says what each add-on costs and where it runs.
    const logging = page.getByTestId('addon-card').filter({ hasText: 'Logging' });
    await expect(logging).toContainText('$39.00 / cluster / month');
    await expect(page.getByTestId('addon-card').filter({ hasText: 'GPU operator' })).toContainText(
      'Runs on: AI/ML',
    );

    await card.getByRole('button', { name: `Install an add-on on ${cluster.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Install an add-on on ${cluster.name}` });
    await dialog.getByLabel('Add-on').selectOption({ label: 'Logging' });
    const quote = dialog.getByTestId('install-quote');
    await expect(quote).toContainText('Logging costs $39.00 a month');
    await expect(quote).toContainText(/You pay for the \d+ hours left/);
    const price = await dialog.getByTestId('install-price').textContent();
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    await expect(page.getByText(`Add-on Logging on ${cluster.name}`).first()).toBeVisible();
    await page.getByRole('form', { name: 'Payment' }).getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=\d+/);
    await page.getByRole('link', { name: 'See the cluster' }).click();

    await expect(page).toHaveURL(new RegExp(`/clusters/${cluster.id}$`));
    // The installation runs as a job; its progress and end arrive as pushes.
    await expect(page.getByRole('list', { name: 'Installed add-ons' })).toContainText('Logging', {
      timeout: 30_000,
    });

    await page.goto('/orders/addons');
    const row = page
      .getByTestId('order-row')
      .filter({ hasText: `Add-on Logging on ${cluster.name}` });
    await expect(row).toContainText('Completed');
    await expect(row).toContainText(price!.trim());
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the add-on pages have no serious accessibility violation, ${scheme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/add-ons');
      await expect(page.getByRole('heading', { name: 'Catalog' })).toBeVisible();
      await expect(page.getByTestId('cluster-addons').first()).not.toContainText('Loading');
      expect(await seriousViolations(page)).toEqual([]);
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await expect(page.getByTestId('removal-credit')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.goto('/orders/addons');
      await expect(page.getByRole('heading', { name: 'Add-on orders', level: 1 })).toBeVisible();
      await expect(page.getByTestId('order-row').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
