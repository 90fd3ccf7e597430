import { expect, test, untilLive, type Browser, type Page } from '../support/fixtures';
import { devLogin } from '../support/session';
import { stubExchangeRates, textOf, words } from './public-helpers';

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

/** Prices follow the live exchange rates once the page is live: amounts and the rates' date. */
const withoutRates = (text: string) =>
  words(text)
    .replace(/[€$£]\s?[\d.,]+/g, '¤')
    .replace(
      /the (current rate|rate of \d{4}-\d{2}-\d{2})|a reference rate until the live rate arrives/g,
      'the rate',
    );

const DIAGNOSTICS = ['/currency-test', '/test-service'];

/** Representative pages of every kind, compared with and without their JavaScript. */
const HYDRATED = [
  '/',
  '/pricing',
  '/blue-cluster',
  '/documentation',
  '/tutorials/getting-started',
  '/faq',
  '/api-reference',
  '/schedule-demo',
];

/**
 * Lays the whole page out before it is read: `innerText` leaves out what the browser has not
 * laid out, and a page's later sections wait until they are scrolled near
 * (`content-visibility: auto`, styles.css).
 */
async function layOutWholePage(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        '</head>',
        '<style>#main-content * { content-visibility: visible !important; }</style></head>',
      );
      // The body is sent as text again: not with the compression and length of the original.
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
}

/** Records layout shifts, and counts replaced subtrees from the end of the HTML's parse on. */
async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      shifts: [number, number][];
      parsedAt?: number;
      replaced: number;
    };
    w.shifts = [];
    w.replaced = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.shifts.push([entry.startTime, entry.value]);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      const root = document.getElementById('root');
      if (!root || document.readyState !== 'interactive') return;
      w.parsedAt = performance.now();
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

/**
 * The layout shift from the end of the HTML's parse on: what the app does to the page. A long
 * page painted while its HTML still streams in (the API reference, on a busy machine) may move
 * before that, which is the browser's doing and Lighthouse's to measure.
 */
function hydrationShift(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as {
      shifts: [number, number][];
      parsedAt: number;
      replaced: number;
    };
    const shift = w.shifts.filter(([at]) => at >= w.parsedAt).reduce((sum, [, v]) => sum + v, 0);
    return { shift, replaced: w.replaced };
  });
}

test.describe('prerendered public pages', () => {
  // Four independent tests, each loading many pages: both workers share them.
  test.describe.configure({ mode: 'parallel' });

  test('every public page holds its heading and main text without any script', async ({
    browser,
    baseURL,
    request,
  }) => {
    const paths = await publicPaths(browser, baseURL!);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.headers()['content-type'], path).toContain('text/html');
      const html = await response.text();
      const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)];
      expect(headings, path).toHaveLength(1);
      expect(textOf(headings[0]![1]!), path).not.toBe('');
      const mainText = textOf(/<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '');
      expect(mainText.length, path).toBeGreaterThan(100);
      // The content itself, not a placeholder waiting for a request or a chunk (the two
      // diagnostics pages exist to show live requests: their heading and intro are enough).
      if (!DIAGNOSTICS.includes(path)) expect(mainText, path).not.toMatch(/\bLoading\b/i);
    }
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`hydration keeps the prerendered page at ${viewport.width} px: same text, no error, no shift`, async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const plain = await browser.newContext({ javaScriptEnabled: false, viewport });
      const live = await browser.newContext({ viewport, hasTouch: viewport.width < 1024 });
      for (const path of HYDRATED) {
        const before = await plain.newPage();
        await layOutWholePage(before, path);
        await before.goto(path, { waitUntil: 'domcontentloaded' });
        const heading = words(await before.locator('h1').innerText());
        const mainText = withoutRates(await before.locator('main').innerText());
        await before.close();

        const page = await live.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          // Chrome's hint that the preloaded full stylesheet was applied more than a few seconds
          // after load: a timing a busy machine causes, not a fault of the page.
          if (/preloaded using link preload but not used within a few seconds/.test(message.text()))
            return;
          if (['error', 'warning'].includes(message.type())) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        await stubExchangeRates(page);
        await layOutWholePage(page, path);
        await watchHydration(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        // The visitor touches the page: the app loads, takes it over and fetches the rates.
        await untilLive(page);
        await page.waitForLoadState('networkidle');
        expect(words(await page.locator('h1').innerText()), path).toBe(heading);
        expect(withoutRates(await page.locator('main').innerText()), path).toBe(mainText);
        const { shift, replaced } = await hydrationShift(page);
        expect({ replaced, problems }, path).toEqual({ replaced: 0, problems: [] });
        // Lighthouse measures 0; on a busy machine a line of an article may still move by a
        // fraction of a pixel as the whole stylesheet applies (0.001), which no one sees.
        expect(shift, path).toBeLessThan(0.005);
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

    // The app then takes over: the account menu in the Sign In's place.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    // The demo organization has paid orders: the server says its offer is used, and the app
    // takes the side tab away (the page alone cannot know it).
    await expect(page.getByRole('button', { name: 'Show the discount offer' })).toHaveCount(0);
    await context.close();
  });
});
