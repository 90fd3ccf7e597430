import type { Page } from '@playwright/test';

export type DemoUser =
  'superadmin' | 'admin' | 'officer' | 'demo' | 'biller' | 'viewer' | 'newcomer';

/** Signs a demo user in through the development endpoint, sharing the page's cookies. */
export async function devLogin(page: Page, username: DemoUser) {
  const response = await page.request.post('/api/dev/login', { data: { username } });
  if (!response.ok()) throw new Error(`dev login as ${username} failed: ${response.status()}`);
  return (await response.json()) as { id: number; username: string; email: string };
}

/** Writes a notification for the signed-in user; the server pushes it over /ws. */
export async function devNotify(page: Page, message: string, type = 'info') {
  const response = await page.request.post('/api/dev/notify', { data: { message, type } });
  if (!response.ok()) throw new Error(`dev notify failed: ${response.status()}`);
  return (await response.json()) as { id: number };
}

/**
 * Waits until the page's socket is open (`<html data-socket="open">`): a change made before
 * would be pushed to no one, and the page would show it only once read again.
 */
export async function untilSocketOpen(page: Page) {
  await page.locator('html[data-socket="open"]').waitFor({ state: 'attached' });
}
