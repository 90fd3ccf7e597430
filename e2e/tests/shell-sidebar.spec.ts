import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';

test('a customer sees no User Management; groups start expanded; status is healthy', async ({
  page,
}) => {
  await devLogin(page, 'demo');
  await page.goto('/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Configure New Cluster' })).toHaveAttribute(
    'href',
    '/configure-cluster',
  );
  await expect(sidebar.getByRole('link', { name: 'View All Clusters' })).toHaveAttribute(
    'href',
    '/my-clusters',
  );
  for (const name of ['Products', 'Support']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Tutoriels & Docs' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Aide & Support' })).toBeVisible();
  await expect(sidebar.getByText('System Status: Healthy')).toBeVisible();
});

test('an admin sees User Management, and the sidebar collapses to a rail', async ({ page }) => {
  await devLogin(page, 'admin');
  await page.goto('/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('link', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await expect(sidebar).toHaveClass(/w-72/);
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveClass(/w-16/);
  await expect(sidebar.getByRole('link', { name: 'Billing' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toHaveClass(/w-72/);
});

test('the account menu shows the identity, officer entry by access, and logs out', async ({
  page,
}) => {
  await devLogin(page, 'officer');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Billing ID:')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Officers Panel' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  // Logout ends with a full page load of /, signed out and with browser storage cleared.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a customer without officer access has no Officers Panel entry', async ({ page }) => {
  await devLogin(page, 'demo');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Officers Panel' })).toHaveCount(0);
});
