import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export interface PageFigures {
  path: string;
  /** Gzipped size (level 9, as the build pre-compresses) of every script the page loads on a cold visit, until the network settles. */
  initialJsGzipKb: number;
  scripts: number;
  lcpMs: number | null;
}

/** Loads each path in a fresh headless Chromium context (cold cache) and measures it. */
export async function measurePages(baseUrl: string, paths: string[]): Promise<PageFigures[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const figures: PageFigures[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { __lcp: number | null }).__lcp = null;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          (window as unknown as { __lcp: number }).__lcp = entries[entries.length - 1]!.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.push(
            response.body().then(
              (body) => zlib.gzipSync(body, { level: 9 }).length,
              () => 0,
            ),
          );
        }
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      // LCP is final once the page has been idle a moment; a click would also end it.
      await page.waitForTimeout(500);
      const lcpMs = await page.evaluate(
        () => (window as unknown as { __lcp: number | null }).__lcp,
      );
      const sizes = await Promise.all(scripts);
      figures.push({
        path,
        initialJsGzipKb: Math.round((sizes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10,
        scripts: sizes.length,
        lcpMs: lcpMs === null ? null : Math.round(lcpMs),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
