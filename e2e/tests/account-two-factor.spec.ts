import { expect, test, type Page } from '../support/fixtures';
import {
  continueWithoutVerification,
  newCredentials,
  registerByApi,
  signInWithForm,
  signOutWithMenu,
  toastText,
  totpCode,
} from './auth-helpers';

/** Signs a fresh user in and turns two-factor on from the settings page; returns the secret. */
async function enableFromSettings(page: Page, user: ReturnType<typeof newCredentials>) {
  await page.goto('/auth');
  await signInWithForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await continueWithoutVerification(page);

  await page.goto('/settings#two-factor');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
  const form = page.getByRole('form', { name: 'Enable two-factor authentication' });
  await form.getByLabel('Code from the app').fill('12');
  await form.getByRole('button', { name: 'Enable' }).click();
  await expect(form.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await form.getByLabel('Code from the app').fill(totpCode(secret));
  // A session alone is not enough: the password confirms it is the owner.
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Enable' }).click();
  await expect(form.getByText('Your current password is not correct')).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Enable' }).click();
  await expect(toastText(page, 'Two-factor authentication enabled')).toBeVisible();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  return secret;
}

test('two-factor set up in settings is then asked for at sign-in', async ({ page, request }) => {
  const user = newCredentials('totp');
  await registerByApi(request, user);
  const secret = await enableFromSettings(page, user);

  await signOutWithMenu(page);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth');
  await signInWithForm(page, user.username, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // The enabling code's step is spent; the next step's code is within the allowed drift.
  await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('two-factor is turned off with the password and a code', async ({ page, request }) => {
  const user = newCredentials('totpoff');
  await registerByApi(request, user);
  const secret = await enableFromSettings(page, user);

  const form = page.getByRole('form', { name: 'Disable two-factor authentication' });
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Authentication code').fill('000000');
  await form.getByRole('button', { name: 'Disable two-factor' }).click();
  await expect(form.getByRole('alert')).toBeVisible();

  await form.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await form.getByRole('button', { name: 'Disable two-factor' }).click();
  await expect(toastText(page, 'Two-factor authentication disabled')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Set up two-factor authentication' }),
  ).toBeVisible();
});
