import { expect, test, type Browser, type Page } from '../support/fixtures';
import { devLogin } from '../support/session';
import { stubExchangeRates } from './public-helpers';

/*
 * The public pages arrive as HTML with their content (the server prerenders them), and React
 * takes that HTML over without drawing it again: no hydration error, no replaced subtree, no
 * layout shift, nothing of the visitor's state shown wrong first.
 */

/** Every public path, as the sitemap lists them. */
async function publicPaths(browser: Browser, baseURL: string): Promise<string[]> {
  const context = await browser.newContext();
  const xml = await (await context.request.get(`${baseURL}/sitemap.xml`)).text();
  await context.close();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

const words = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Prices follow the live exchange rates once the page is live: amounts and the rates' date. */
const withoutRates = (text: string) =>
  words(text)
    .replace(/[€$£]\s?[\d.,]+/g, '¤')
    .replace(/the (current rate|rate of \d{4}-\d{2}-\d{2})/g, 'the rate');

const DIAGNOSTICS = ['/currency-test', '/test-service'];

/** Representative pages of every kind, compared with and without their JavaScript. */
const HYDRATED = [
  '/',
  '/pricing',
  '/cluster-types/red',
  '/blue-cluster',
  '/documentation',
  '/tutorials/getting-started',
  '/faq',
  '/case-studies',
  '/terms',
  '/api-reference',
  '/schedule-demo',
  '/support',
];

/** Counts, from before any script of the page runs, layout shifts and replaced subtrees. */
async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number; replaced: number };
    w.shift = 0;
    w.replaced = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      const root = document.getElementById('root');
      if (!root || document.readyState !== 'interactive') return;
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of mutation.removedNodes) {
            if (node instanceof Element && node.querySelectorAll('*').length > 20) w.replaced += 1;
          }
        }
      }).observe(root, { childList: true, subtree: true });
    });
  });
}

test.describe('prerendered public pages', () => {
  // Four independent tests, each loading many pages: both workers share them.
  test.describe.configure({ mode: 'parallel' });

  test('every public page holds its heading and main text without any script', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const paths = await publicPaths(browser, baseURL!);
    expect(paths.length).toBeGreaterThan(50);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of paths) {
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(response?.headers()['content-type'], path).toContain('text/html');
      await expect(page.locator('h1'), path).toHaveCount(1);
      expect(words(await page.locator('h1').innerText()), path).not.toBe('');
      const mainText = words(await page.locator('main').innerText());
      expect(mainText.length, path).toBeGreaterThan(100);
      // The content itself, not a placeholder waiting for a request or a chunk (the two
      // diagnostics pages exist to show live requests: their heading and intro are enough).
      if (!DIAGNOSTICS.includes(path)) expect(mainText, path).not.toMatch(/Loading/i);
    }
    await context.close();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`hydration keeps the prerendered page at ${viewport.width} px: same text, no error, no shift`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const plain = await browser.newContext({ javaScriptEnabled: false, viewport });
      const live = await browser.newContext({ viewport, hasTouch: viewport.width < 1024 });
      for (const path of HYDRATED) {
        const before = await plain.newPage();
        await before.goto(path, { waitUntil: 'domcontentloaded' });
        const heading = words(await before.locator('h1').innerText());
        const mainText = withoutRates(await before.locator('main').innerText());
        await before.close();

        const page = await live.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (['error', 'warning'].includes(message.type())) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        await stubExchangeRates(page);
        await watchHydration(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(words(await page.locator('h1').innerText()), path).toBe(heading);
        expect(withoutRates(await page.locator('main').innerText()), path).toBe(mainText);
        const { shift, replaced } = await page.evaluate(() => {
          const w = window as unknown as { shift: number; replaced: number };
          return { shift: w.shift, replaced: w.replaced };
        });
        expect({ shift: Number(shift.toFixed(3)), replaced, problems }, path).toEqual({
          shift: 0,
          replaced: 0,
          problems: [],
        });
        await page.close();
      }
      await plain.close();
      await live.close();
    });
  }

  test('before any module runs, the page shows the theme, the session and the promo as they are', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The inline script of the page runs; the app's modules never arrive.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/pricing');
    await expect(page.locator('html')).toHaveClass(/dark/);
    // The dark colours themselves are in the page's inline CSS, not only the class.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // oklch(lightness chroma hue): the dark background's lightness is 0.17, the light one's 0.99.
    expect(Number(/oklch\(([\d.]+)/.exec(background)?.[1]), background).toBeLessThan(0.3);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Promotion' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show the discount offer' })).toBeHidden();
    // Prices are there, in the default currency, before the rates or the app arrive.
    await expect(page.getByText(/€\s?\d/).first()).toBeVisible();

    // Signed in, with the banner dismissed in this tab: no Sign In, and the side tab.
    await devLogin(page, 'demo');
    await page.evaluate(() => sessionStorage.setItem('promoBannerDismissed', 'true'));
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Promotion' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show the discount offer' })).toBeVisible();

    // The app then takes over with the same state: the account menu in the Sign In's place.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show the discount offer' })).toBeVisible();
    await context.close();
  });
});
