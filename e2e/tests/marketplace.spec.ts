import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { seriousViolations } from '../support/axe';

/*
 * The marketplace end to end as the demo organization: a product ordered from /marketplace,
 * paid on the checkout page with the saved demo card, seen becoming active live on its page
 * (the progress comes over the socket), its secret revealed once, and a second reveal asking
 * for the password. The product is this spec's own, named afresh each run.
 */
test('order a product, pay, see it become active live, reveal its secret once', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await devLogin(page, 'demo');
  const name = `e2e-${Date.now().toString(36)}`;

  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
  await page.getByLabel('Search the marketplace').fill('redis');
  const cards = page.locator('[data-testid^="product-"]');
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Search the marketplace').fill('');
  await page.getByLabel('Category').selectOption('Databases');
  await expect(cards).toHaveCount(2);

  await page.getByRole('button', { name: 'Order Managed Cache' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Managed Cache' });
  // The description is the service; the note says none runs behind the order yet.
  await expect(dialog.getByText(/no Valkey 8 \(Redis-compatible\) runs behind them/)).toBeVisible();
  await dialog.getByLabel('Plan').selectOption('small');
  await dialog.getByLabel('Region').selectOption('alpenkube:eu-nl-ams');
  await dialog.getByLabel('Billing cycle').selectOption('monthly');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=\d+/);
  await page.getByRole('link', { name: 'See the product' }).click();

  await expect(page).toHaveURL(/\/orders\/products\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Simulated provisioning')).toBeVisible();
  // Nothing reloads the page: the steps and the final status arrive as pushes.
  await expect(page.getByTestId('product-state')).toContainText('Active', { timeout: 20_000 });
  await expect(page.getByTestId('product-endpoint')).toHaveText(
    `${name}.cache.eu-nl-ams.alpenkube.cloud:6379`,
  );

  await page.getByRole('button', { name: 'Reveal the secret (shown once)' }).click();
  const secret = page.getByTestId('product-secret');
  await expect(secret).toHaveText(/^[A-Za-z0-9_-]{24,}$/);
  const first = await secret.textContent();
  await expect(page.getByText('Copy it now')).toBeVisible();

  await page.getByRole('button', { name: 'Hide the secret' }).click();
  await page.getByRole('button', { name: 'Reveal the secret again' }).click();
  const ask = page.getByRole('dialog', { name: 'Enter your password' });
  await ask.getByLabel('Password', { exact: true }).fill('not-the-password');
  await ask.getByRole('button', { name: 'Show the secret' }).click();
  await expect(ask.getByText('The password is not correct.')).toBeVisible();
  await ask.getByLabel('Password', { exact: true }).fill('demo-password');
  await ask.getByRole('button', { name: 'Show the secret' }).click();
  await expect(ask).toBeHidden();
  await expect(secret).toHaveText(first!);
  await expect(page.getByText('Copy it now')).toHaveCount(0);

  await page.goto('/orders/products');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Active');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the marketplace pages have no serious accessibility violation, ${scheme}`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await devLogin(page, 'demo');
    const products = (await (await page.request.get('/api/products')).json()) as {
      id: number;
      name: string;
    }[];
    const pages: [string, string][] = [
      ['/marketplace', 'Marketplace'],
      ['/orders/products', 'Product orders'],
      ...products
        .slice(0, 1)
        .map((product): [string, string] => [`/orders/products/${product.id}`, product.name]),
    ];
    for (const [url, heading] of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await seriousViolations(page), url).toEqual([]);
    }
  });
}
