import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

/** A unique user per test, so tests that change passwords or end sessions never collide. */
export function newCredentials(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `${prefix}-${id}`.toLowerCase();
  return {
    username,
    email: `${username}@e2e.example.com`,
    password: `passphrase-${id}-long`,
    name: `E2E ${prefix}`,
  };
}
export type Credentials = ReturnType<typeof newCredentials>;

/** Registers through the API (its own cookie jar), leaving the page signed out. */
export async function registerByApi(request: APIRequestContext, user: Credentials) {
  const response = await request.post('/api/register', {
    data: { username: user.username, email: user.email, password: user.password, name: user.name },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; email: string };
}

interface DevMail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest mailed link to `to` whose path starts with `path`, as a same-origin path. */
export async function mailedLink(request: APIRequestContext, to: string, path: string) {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mailbox')).json()) as DevMail[];
      found = mails
        .filter((mail) => mail.to === to)
        .flatMap((mail) => mail.links)
        .find((link) => new URL(link).pathname === path);
      return found;
    })
    .toBeTruthy();
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
}

/** The authenticator app: the code for the current step, or `offset` steps ahead. */
export function totpCode(secret: string, offset = 0) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')) });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Signs in through the /auth form, without a second factor. */
export async function signInWithForm(page: Page, login: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Closes the blocking verification dialog that a fresh, unverified account sees. */
export async function continueWithoutVerification(page: Page) {
  await page
    .getByRole('button', { name: 'Continue Without Verification (Not Recommended)' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Verify your e-mail address' })).toHaveCount(0);
}

/** Signs out through the account menu in the header. */
export async function signOutWithMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** A toast's title or description. Radix also announces it in a live region, hence exact. */
export function toastText(page: Page, text: string | RegExp) {
  return page.getByText(text, { exact: true }).first();
}
