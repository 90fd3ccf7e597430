import { expect, test } from '../support/fixtures';
import {
  continueWithoutVerification,
  mailedLink,
  newCredentials,
  registerByApi,
  signInWithForm,
  toastText,
} from './auth-helpers';

test('forgot password: the mailed link sets a new password once', async ({ page, request }) => {
  const user = newCredentials('reset');
  await registerByApi(request, user);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = await mailedLink(request, user.email, '/reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  const newPassword = `${user.password}-renewed`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // A used link is refused with the server's message.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Request a new link' })).toBeVisible();

  await page.goto('/auth');
  await signInWithForm(page, user.username, user.password);
  await expect(toastText(page, 'Login failed')).toBeVisible();
  await signInWithForm(page, user.username, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await continueWithoutVerification(page);
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'This reset link is incomplete' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});
