import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Waits, after a page load, until the app has taken the page over (`app.tsx` marks <html> with
 * data-app="live"). A prerendered public page shows its buttons and forms before its code runs;
 * a page without the app (a download, JSON) is let be. A visitor's public page waits for a
 * touch before it loads its code (data-app="touch"): the tests touch it as a visitor does, with
 * a key that types nothing; `public-hydration.spec.ts` checks what happens before that.
 */
export async function untilLive(page: Page) {
  if ((await page.locator('html[data-app="touch"]').count()) > 0) {
    await page.keyboard.press('Shift');
  }
  // A locator, not waitForFunction: the page's CSP forbids the eval that one needs.
  await page.locator('html[data-app="live"], html:not(:has(#root))').waitFor({ state: 'attached' });
}

/** Playwright's test, with `page.goto` and `page.reload` answering once the app is live. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilLive(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilLive(page);
      return response;
    };
    await use(page);
  },
});
