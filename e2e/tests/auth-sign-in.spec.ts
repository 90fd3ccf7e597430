import { expect, test } from '../support/fixtures';
import {
  continueWithoutVerification,
  newCredentials,
  registerByApi,
  signInWithForm,
  toastText,
  totpCode,
} from './auth-helpers';

test.describe('sign-in', () => {
  test('without a second factor: greets the user and returns to the page that asked for it', async ({
    page,
    request,
  }) => {
    const user = newCredentials('signin');
    await registerByApi(request, user);

    await page.goto('/billing');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await signInWithForm(page, user.email, user.password);

    await expect(toastText(page, 'Login successful')).toBeVisible();
    await expect(toastText(page, `Welcome back, ${user.name}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/billing$/);
    expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBeNull();
    // The session hint came with the session, readable by the page; a reload stays signed in.
    expect(await page.evaluate(() => document.cookie)).toContain('signed_in=1');
    await page.reload();
    await expect(page).toHaveURL(/\/billing$/);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/auth');
    await signInWithForm(page, 'demo', 'not-the-password');
    await expect(toastText(page, 'Login failed')).toBeVisible();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('with a second factor: asks for the code, refuses a wrong one, accepts the right one', async ({
    page,
    request,
  }) => {
    const user = newCredentials('mfa');
    await registerByApi(request, user);
    const { secret } = (await (await request.post('/api/auth/mfa/setup')).json()) as {
      secret: string;
    };
    const enabled = await request.post('/api/auth/mfa/enable', {
      data: { password: user.password, code: totpCode(secret) },
    });
    expect(enabled.ok()).toBe(true);

    await page.goto('/auth');
    await signInWithForm(page, user.username, user.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    // Nothing is stored and nothing is said until the code is accepted.
    await expect(toastText(page, 'Login successful')).toHaveCount(0);
    expect((await page.request.get('/api/user')).status()).toBe(401);

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(toastText(page, 'Login failed')).toBeVisible();

    // The enabling code's time step is spent; the next step's code is accepted (one step of drift).
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(toastText(page, `Welcome back, ${user.name}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await continueWithoutVerification(page);
  });

  test('a signed-in visitor of /auth goes straight to the dashboard', async ({ page, request }) => {
    const user = newCredentials('already');
    await registerByApi(request, user);
    await page.goto('/auth');
    await signInWithForm(page, user.username, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
