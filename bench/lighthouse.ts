// Lighthouse as a visitor's phone sees the public pages: the default config (mobile screen,
// simulated throttling) on the home page, /pricing, /documentation and the first tutorial, three
// runs each, the median run chosen as Lighthouse chooses it. The built app is served by the real
// server on PGlite; the exchange rates come from a local server, since a failed request to the
// internet service would be a console error that costs best practices on a machine offline.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { freePort, spawnServer } from '../apps/server/test/support/server-process.ts';
import { withDatabase } from './database.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = 3;
/** Lighthouse gives up on a load itself after 45 s; this bounds everything else in a run. */
const RUN_TIMEOUT_MS = 120_000;
/** The answer of the default service's `latest?base=USD&symbols=EUR,GBP`, with fixed rates. */
const RATES_BODY = JSON.stringify({
  amount: 1,
  base: 'USD',
  date: '2026-11-24',
  rates: { EUR: 0.91, GBP: 0.78 },
});

export interface LighthousePage {
  path: string;
  /** The median run, or null when no run gave an FCP and a TTI. */
  median: Result | null;
  errors: string[];
}

/**
 * The home page, /pricing, /documentation and the first tutorial the build lists; with
 * LIGHTHOUSE_PAGES=all, every public page (the sitemap's list, three runs each: about half an
 * hour), or the paths it lists (`LIGHTHOUSE_PAGES=/faq,/about`).
 */
function benchPaths(): string[] {
  const meta = JSON.parse(fs.readFileSync(path.join(webDist, 'page-meta.json'), 'utf8')) as object;
  const asked = process.env.LIGHTHOUSE_PAGES;
  if (asked === 'all') return Object.keys(meta);
  if (asked) return asked.split(',');
  const tutorial = Object.keys(meta).find((key) => key.startsWith('/tutorials/'));
  return ['/', '/pricing', '/documentation', ...(tutorial ? [tutorial] : [])];
}

async function startRateServer(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    });
    response.end(RATES_BODY);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/v1/latest?base=USD&symbols=EUR,GBP`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * One run in its own Chromium with a fresh profile, as Lighthouse's CLI does for each of the
 * repeated runs its variability guide recommends; Chromium is killed whatever happens.
 */
async function runOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no result within ${RUN_TIMEOUT_MS / 1000} s`)),
          RUN_TIMEOUT_MS,
        );
      }),
    ]);
    if (!result) throw new Error('Lighthouse gave no result');
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return result.lhr;
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

/** The median run's HTML and JSON reports, for what the printed summary leaves out. */
function saveReport(lhr: Result, pagePath: string) {
  const dir = path.resolve(process.env.LIGHTHOUSE_REPORT_DIR!);
  const name = pagePath.replace(/^\/$/, 'home').replace(/^\//, '').replaceAll('/', '-');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.html`), generateReport(lhr, 'html'));
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(lhr));
}

async function measure(baseUrl: string, pagePath: string): Promise<LighthousePage> {
  const runs: Result[] = [];
  const errors: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    try {
      runs.push(await runOnce(`${baseUrl}${pagePath}`));
    } catch (error) {
      errors.push(`run ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const valid = filterToValidRuns(runs);
  const median = valid.length ? computeMedianRun(valid) : null;
  if (median && process.env.LIGHTHOUSE_REPORT_DIR) saveReport(median, pagePath);
  return { path: pagePath, median, errors };
}

/** Serves the built app (development settings, as `npm start`) and measures each page. */
export async function measureLighthouse(): Promise<LighthousePage[]> {
  const rates = await startRateServer();
  try {
    return await withDatabase('pglite', async (env) => {
      const server = spawnServer({
        ...env,
        PORT: String(await freePort()),
        WEB_DIST: webDist,
        EXCHANGE_RATE_URL: rates.url,
      });
      try {
        await server.ready;
        // A page is rendered on its first request after a start; measured is what every later
        // visitor gets. The start's demo-data jobs are let finish too.
        for (const pagePath of benchPaths()) await fetch(`${server.url}${pagePath}`);
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        const pages = [];
        for (const pagePath of benchPaths()) pages.push(await measure(server.url, pagePath));
        return pages;
      } finally {
        // A server that does not end on SIGTERM within 10 s is killed.
        await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 10_000).unref())]);
        await server.kill();
      }
    });
  } finally {
    rates.close();
  }
}

const score = (lhr: Result, id: string) => {
  const value = lhr.categories[id]?.score;
  return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
};
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** An audit that fails: a binary one not passed, or any other scored below 0.9. */
function failing(audit: Result['audits'][string]): boolean {
  if (audit.score === null) return audit.scoreDisplayMode === 'error';
  return audit.scoreDisplayMode === 'binary' ? audit.score < 1 : audit.score < 0.9;
}

/** What a performance insight or diagnostic could save, e.g. "LCP 450 ms, 120 KiB". */
function savings(audit: Result['audits'][string]): string {
  const parts = Object.entries(audit.metricSavings ?? {})
    .filter(([, value]) => value)
    .map(([metric, value]) => (metric === 'CLS' ? `CLS ${value}` : `${metric} ${value} ms`));
  const details = audit.details as { overallSavingsBytes?: number } | undefined;
  if (details?.overallSavingsBytes) {
    parts.push(`${Math.round(details.overallSavingsBytes / 1024)} KiB`);
  }
  return parts.join(', ');
}

type DetailItem = Record<string, unknown> & {
  type?: string;
  items?: DetailItem[];
  node?: { type?: string; selector?: string };
  sourceLocation?: { url?: string };
  value?: { type?: string; longestChain?: { duration?: number } };
};

/** One finding in a few words: a console message, an element, a path or the longest chain. */
function place(item: DetailItem, origin: string): string | undefined {
  if (item.type === 'list-section') {
    const chain = item.value?.type === 'network-tree' && item.value.longestChain?.duration;
    return chain ? `longest chain ${chain} ms` : undefined;
  }
  if (typeof item.description === 'string') {
    const from = item.sourceLocation?.url?.replace(origin, '');
    return from ? `${from}: ${item.description}` : item.description;
  }
  if (item.node?.type === 'node') return item.node.selector;
  return typeof item.url === 'string' ? item.url.replace(origin, '') : undefined;
}

/** Where an audit's first few findings are. */
function where(audit: Result['audits'][string], origin: string): string {
  const details = audit.details as { items?: DetailItem[] } | undefined;
  // Insights nest their tables in a list.
  const items = (Array.isArray(details?.items) ? details.items : []).flatMap((item) =>
    item.type === 'table' ? (item.items ?? []) : [item],
  );
  const places = items
    .map((item) => place(item, origin))
    .filter((found): found is string => Boolean(found));
  const shown = places
    .slice(0, 3)
    .map((found) => (found.length > 100 ? `${found.slice(0, 99)}…` : found));
  return shown.length
    ? `: ${shown.join(' | ')}${places.length > 3 ? ` | +${places.length - 3}` : ''}`
    : '';
}

/** The audits to fix on one page: failing ones outside the metrics, with what they could save. */
function findings(lhr: Result): string[] {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      if (ref.group === 'metrics' || ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit || !failing(audit) || audit.scoreDisplayMode === 'error') continue;
      const saved = category === 'performance' ? savings(audit) : '';
      const notes = [audit.displayValue, saved && `saves ${saved}`].filter(Boolean);
      lines.push(
        `  - [${category}] ${audit.title}${notes.length ? ` (${notes.join('; ')})` : ''}${where(audit, origin)}`,
      );
    }
  }
  return lines;
}

/** Audits Lighthouse itself failed to run, once for all pages: a tool problem, not the page's. */
function auditErrors(pages: LighthousePage[]): string[] {
  const errors = new Set<string>();
  for (const { median } of pages) {
    for (const audit of Object.values(median?.audits ?? {})) {
      if (audit.scoreDisplayMode === 'error') errors.add(`${audit.title}: ${audit.errorMessage}`);
    }
  }
  return [...errors];
}

export function printLighthouse(pages: LighthousePage[]) {
  const sample = pages.find((page) => page.median)?.median;
  if (sample) {
    console.log(
      `\nLighthouse ${sample.lighthouseVersion}, ${sample.environment.hostUserAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
        `${sample.configSettings.formFactor}, ${sample.configSettings.throttlingMethod}d throttling, median of ${RUNS} runs, CPU benchmark index ${sample.environment.benchmarkIndex}`,
    );
  }
  console.log(
    '\n| page | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | CLS |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { path: pagePath, median } of pages) {
    if (!median) {
      console.log(`| ${pagePath} | no valid run | | | | | | | |`);
      continue;
    }
    console.log(
      `| ${pagePath} | ${CATEGORIES.map((id) => score(median, id)).join(' | ')} | ` +
        `${(numeric(median, 'first-contentful-paint') / 1000).toFixed(1)} | ` +
        `${(numeric(median, 'largest-contentful-paint') / 1000).toFixed(1)} | ` +
        `${Math.round(numeric(median, 'total-blocking-time'))} | ` +
        `${numeric(median, 'cumulative-layout-shift').toFixed(3)} |`,
    );
  }
  for (const { path: pagePath, median, errors } of pages) {
    const lines = [
      ...errors.map((error) => `  - failed ${error}`),
      ...(median?.runWarnings ?? []).map((warning) => `  - warning: ${warning}`),
      ...(median ? findings(median) : []),
    ];
    if (lines.length) console.log(`\n${pagePath}:\n${lines.join('\n')}`);
  }
  const errors = auditErrors(pages);
  if (errors.length) {
    console.log(`\nAudits Lighthouse could not run (node ${process.version}):`);
    for (const error of errors) console.log(`  - ${error}`);
  }
}

/** The bench's step: skipped, as the page step is, when there is no built app. */
export async function lighthouseFigures() {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    console.log('(apps/web/dist is missing: run npm run build for the Lighthouse figures)');
    return;
  }
  printLighthouse(await measureLighthouse());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  lighthouseFigures().then(
    // A Lighthouse promise abandoned by a time-out must not keep the process alive.
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
