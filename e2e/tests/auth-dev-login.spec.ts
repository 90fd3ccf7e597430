import { expect, test } from '../support/fixtures';
import { toastText } from './auth-helpers';

test('dev login: one click per demo user signs in', async ({ page }) => {
  await page.goto('/dev-login');
  for (const username of ['superadmin', 'admin', 'officer', 'demo']) {
    await expect(page.getByRole('button', { name: `Sign in as ${username}` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Sign in as demo' }).click();
  await expect(toastText(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
