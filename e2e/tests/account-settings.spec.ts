import { expect, test, type APIRequestContext, type Page } from '../support/fixtures';
import {
  continueWithoutVerification,
  newCredentials,
  registerByApi,
  signInWithForm,
  toastText,
} from './auth-helpers';

/** A fresh user (so password and session changes touch nobody else), on the settings page. */
async function openSettingsAsNewUser(page: Page, request: APIRequestContext) {
  const user = newCredentials('settings');
  await registerByApi(request, user);
  await page.goto('/auth');
  await signInWithForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await continueWithoutVerification(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  return user;
}

test.describe('settings', () => {
  test('profile: the name is saved', async ({ page, request }) => {
    await openSettingsAsNewUser(page, request);
    await page.getByLabel('Full name').fill('Renamed Person');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(toastText(page, 'Profile updated')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Renamed Person');
  });

  test('profile: a new e-mail needs the current password, then waits for verification', async ({
    page,
    request,
  }) => {
    const user = await openSettingsAsNewUser(page, request);
    const form = page.getByRole('form', { name: 'Profile' });
    const newEmail = `moved-${user.email}`;
    await form.getByLabel(/E-mail/).fill(newEmail);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      form.getByText('Enter your current password to change your e-mail address'),
    ).toBeVisible();
    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(toastText(page, 'Profile updated')).toBeVisible();
    await page.reload();
    await expect(form.getByLabel(/E-mail/)).toHaveValue(newEmail);
  });

  test('password: a wrong current password is refused, the right one changes it', async ({
    page,
    request,
  }) => {
    const user = await openSettingsAsNewUser(page, request);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('wrong-password-here');
    await form.getByLabel('New password').fill(`${user.password}-2`);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toBeVisible();

    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password').fill(`${user.password}-2`);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(toastText(page, 'Password changed')).toBeVisible();
    const login = await page.request.post('/api/login', {
      data: { username: user.username, password: `${user.password}-2` },
    });
    expect(login.ok()).toBe(true);
  });

  test('sessions: another device is listed and can be revoked', async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const user = await openSettingsAsNewUser(page, request);
    const otherDevice = await playwright.request.newContext({
      baseURL,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    await otherDevice.post('/api/login', {
      data: { username: user.username, password: user.password },
    });
    expect((await otherDevice.get('/api/user')).ok()).toBe(true);

    await page.reload();
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(3); // this browser, the registering API client, the other device
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await page.getByRole('button', { name: /^Sign out .*Android/ }).click();
    await expect(toastText(page, 'Session signed out')).toBeVisible();
    await expect(rows).toHaveCount(2);
    expect((await otherDevice.get('/api/user')).status()).toBe(401);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(toastText(page, 'Other sessions signed out')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('No other device is signed in.')).toBeVisible();
    await otherDevice.dispose();
  });

  test('preferences: currency, billing cycle and theme persist across reloads', async ({
    page,
    request,
  }) => {
    await openSettingsAsNewUser(page, request);
    await page.getByRole('radio', { name: '£ GBP' }).click();
    await page.getByRole('radio', { name: 'Yearly' }).click();
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(page.getByRole('radio', { name: '£ GBP' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('currency'),
        localStorage.getItem('billingCycle'),
        localStorage.getItem('theme'),
      ]),
    ).toEqual(['GBP', 'yearly', 'dark']);

    await page.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});
