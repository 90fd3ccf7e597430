import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('signed out: the floating button opens the mobile menu, which closes on navigation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByTestId('floating-menu-button').click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Home', 'Pricing', 'Documentation', 'Tutorials', 'Login']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
});

test('signed in on a dashboard route: the floating button toggles the sidebar drawer', async ({
  page,
}) => {
  await devLogin(page, 'demo');
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByTestId('floating-menu-button').click();
  const drawer = page.getByTestId('sidebar-drawer');
  await expect(drawer).toBeVisible();
  for (const href of ['/pricing', '/documentation', '/tutorials', '/support']) {
    await expect(drawer.locator(`a[href="${href}"]`).last()).toBeVisible();
  }
  await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(drawer).toHaveCount(0);
});
