import { expect, test, type Browser, type Page } from '../support/fixtures';
import { stubExchangeRates } from './public-helpers';

/*
 * A visitor's public page is its prerendered HTML until they touch it: no script loads before
 * (the phone's main thread stays free), and what they do meanwhile is not lost: a click on one of
 * its controls and a typed value reach the app once it has taken the page over.
 */

/** A visitor's page (not the fixture's, which touches every page it opens). */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await stubExchangeRates(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return { context, page, scripts };
}

/** Holds the app's code until `release`: what the visitor does first happens before it is live. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const html = (page: Page) => page.locator('html');

test('a public page loads no code until it is touched, and a click before the app counts', async ({
  browser,
}) => {
  const { context, page, scripts } = await visitorPage(browser);
  await page.goto('/pricing');
  // The former loader started the code within a second of the first paint.
  await page.waitForTimeout(1500);
  expect(scripts).toEqual([]);
  await expect(html(page)).toHaveAttribute('data-app', 'touch');
  await expect(page.getByTestId('tier-price').first()).not.toContainText('/ year');

  const release = await holdScripts(page);
  // The first touch is the click itself: the code starts loading, the click waits for it.
  await page.getByRole('radio', { name: 'Yearly' }).click();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await expect(html(page)).toHaveAttribute('data-app', 'touch');
  release();
  await expect(html(page)).toHaveAttribute('data-app', 'live');
  await expect(page.getByRole('radio', { name: 'Yearly' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('/ year').first()).toBeVisible();
  await context.close();
});

test('values typed before the app is live are the form’s values once it is', async ({
  browser,
}) => {
  const { context, page } = await visitorPage(browser);
  await page.goto('/contact');
  const release = await holdScripts(page);
  await page.getByLabel('Your name').pressSequentially('Ada Lovelace');
  await page.getByLabel('E-mail').fill('ada@example.eu');
  await expect(html(page)).toHaveAttribute('data-app', 'touch');
  release();
  await expect(html(page)).toHaveAttribute('data-app', 'live');
  // Sent without a topic: only the topic is missing, the typed name and address count.
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Choose a topic')).toBeVisible();
  await expect(page.getByText('Enter your name')).toBeHidden();
  await expect(page.getByText('Enter a valid e-mail address')).toBeHidden();
  await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace');
  await context.close();
});

test('a stored currency and an address with a query start the code at once', async ({
  browser,
}) => {
  const { context, page, scripts } = await visitorPage(browser);
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('currency', 'GBP'));
  await page.goto('/pricing');
  await expect(html(page)).toHaveAttribute('data-app', 'live');
  await expect(page.getByTestId('tier-price').first()).toContainText('£');

  await page.evaluate(() => localStorage.clear());
  scripts.length = 0;
  await page.goto('/pricing?tier=blue');
  await expect(html(page)).toHaveAttribute('data-app', 'live');
  expect(scripts.length).toBeGreaterThan(0);
  await context.close();
});
