import { expect, test } from '../support/fixtures';
import { mailedLink, newCredentials, registerByApi, toastText } from './auth-helpers';

test('magic link: the mailed link signs in once', async ({ page, request }) => {
  const user = newCredentials('magic');
  await registerByApi(request, user);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'E-mail me a link' }).click();
  await expect(page).toHaveURL(/\/magic-link-login$/);
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = await mailedLink(request, user.email, '/magic-link');
  await page.goto(link);
  await expect(toastText(page, `Welcome back, ${user.name}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Following the mailed link proved the address: no verification dialog.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Verify your e-mail address' })).toHaveCount(0);

  // Spent: a second visit is refused with the server's message.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();
});
