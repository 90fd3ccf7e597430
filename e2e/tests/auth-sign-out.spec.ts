import { expect, test } from '../support/fixtures';
import {
  newCredentials,
  registerByApi,
  signInWithForm,
  signOutWithMenu,
  toastText,
} from './auth-helpers';

test('sign-out clears storage, says so and goes home', async ({ page, request }) => {
  const user = newCredentials('signout');
  await registerByApi(request, user);
  await page.goto('/auth');
  await signInWithForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('button', { name: 'Continue Without Verification (Not Recommended)' })
    .click();

  await page.goto('/settings');
  await page.getByRole('radio', { name: '£ GBP' }).click();
  await page.evaluate(() => {
    localStorage.setItem('e2e-marker', 'local');
    sessionStorage.setItem('e2e-marker', 'session');
  });

  // The redirect 100 ms after the toast is a full page load that sweeps the toast away, so the
  // page's clock is paused: the toast must show, and the page stay, until time moves on.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await signOutWithMenu(page);
  await page.clock.runFor(10);
  await expect(toastText(page, 'Logged out successfully')).toBeVisible();
  await page.clock.runFor(80);
  expect(new URL(page.url()).pathname).toBe('/settings');
  await page.clock.runFor(100);
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => ({
    local: localStorage.getItem('e2e-marker'),
    currency: localStorage.getItem('currency'),
    session: sessionStorage.getItem('e2e-marker'),
    redirect: sessionStorage.getItem('postLoginRedirect'),
  }));
  expect(stored).toEqual({ local: null, currency: null, session: null, redirect: null });
  // The session hint went with the session: the next page knows the visitor is signed out.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('signed_in');
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await expect(page.getByRole('link', { name: /Sign In|Login/ }).first()).toBeVisible();
});
