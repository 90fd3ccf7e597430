import { expect, test } from '../support/fixtures';
import { mailedLink, newCredentials, toastText } from './auth-helpers';

test.describe('registration', () => {
  test('sign-up greets the user, verifies the e-mail through the dialog, resend and the mailed link', async ({
    page,
    request,
  }) => {
    const user = newCredentials('signup');
    await page.goto('/auth?tab=register');
    await expect(page.getByText('join it as a pending member')).toBeVisible();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full name').fill(user.name);
    await page.getByLabel('Work e-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Company name').fill(`Org ${user.username}`);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(toastText(page, 'Registration successful')).toBeVisible();
    await expect(toastText(page, `Welcome, ${user.name}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The new account is unverified: the blocking dialog opens, and Escape does not close it.
    const dialog = page.getByRole('dialog', { name: 'Verify your e-mail address' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(toastText(page, 'Verification Email Sent')).toBeVisible();
    await expect(dialog.getByText('A new verification e-mail is on its way')).toBeVisible();

    await page.goto(await mailedLink(request, user.email, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dialog).toHaveCount(0);
  });

  test('the welcome notification is in the bell', async ({ page }) => {
    const user = newCredentials('bell');
    await page.goto('/auth?tab=register');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Work e-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(toastText(page, `Welcome, ${user.username}!`)).toBeVisible();
    await page
      .getByRole('button', { name: 'Continue Without Verification (Not Recommended)' })
      .click();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(`Welcome to Alpenkube, ${user.username}!`)).toBeVisible();
  });

  test('shows the schema errors inline and the server message on a taken username', async ({
    page,
    request,
  }) => {
    await page.goto('/auth?tab=register');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Work e-mail').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();

    const taken = newCredentials('taken');
    await page.getByLabel('Work e-mail').fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill(taken.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(toastText(page, 'Registration failed')).toBeVisible();
    const answer = await request.post('/api/register', {
      data: { username: 'demo', email: taken.email, password: taken.password },
    });
    const { message } = (await answer.json()) as { message: string };
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });
});
