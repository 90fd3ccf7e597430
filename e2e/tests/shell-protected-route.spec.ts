import { expect, test } from '../support/fixtures';

test('a protected route sends a visitor to /auth and back after sign-in', async ({ page }) => {
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBe('/billing');

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username or e-mail').fill('demo');
  await form.getByLabel('Password', { exact: true }).fill('demo-password');
  await form.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
});

test('the slide layout serves both wizard aliases', async ({ page }) => {
  await page.request.post('/api/dev/login', { data: { username: 'demo' } });
  await page.goto('/clusters/configure');
  await expect(page.getByRole('heading', { name: 'Configure a new cluster' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Steps of the cluster order' })).toBeVisible();

  await page.goto('/cluster-provisioning');
  await expect(page.getByRole('heading', { name: 'Cluster provisioning' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to configuration' }).click();
  await expect(page).toHaveURL(/\/configure-cluster$/);
  await expect(page.locator('[data-slide-direction="backward"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Configure a new cluster' })).toBeVisible();
  // History back, inside the app: configure → provisioning slides forward.
  await page.goBack();
  await expect(page).toHaveURL(/\/cluster-provisioning$/);
  await expect(page.locator('[data-slide-direction="forward"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cluster provisioning' })).toBeVisible();
  // Once the slide is over the page is fully shown, not left transparent by the leaving slide.
  await expect
    .poll(() =>
      page.locator('[data-slide-direction]').evaluate((node) => getComputedStyle(node).opacity),
    )
    .toBe('1');
});
