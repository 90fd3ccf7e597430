import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import Beasties from 'beasties';
import type { PrerenderReply, PrerenderRequest, PrerenderWorkerData } from './prerender-thread.ts';

/*
 * The public pages' renders, in a thread of their own: React's render and the CSS inlining are
 * synchronous, a few hundred milliseconds a page on a busy machine, which on the server's thread
 * held every request meanwhile.
 */

const port = parentPort;
if (!port) throw new Error('prerender-worker.ts runs only as a worker thread');
const { webDist, entry } = workerData as PrerenderWorkerData;

/** The prerender's surface, as the web build exports it. */
interface Prerenderer {
  renderPage(pathname: string, data: unknown): Promise<{ html: string; queryState: string } | null>;
}

/** The build's stylesheets besides the one index.html links (those of lazy chunks). */
function chunkStylesheets(): string[] {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const assets = path.join(webDist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.css') && !index.includes(`/assets/${name}`))
    .map((name) => `/assets/${name}`);
}

const beasties = new Beasties({
  path: webDist,
  publicPath: '/',
  // A lazy page's own CSS (a tutorial's typography) comes with its code, after the first
  // paint: the rules of every stylesheet that the markup uses are inlined.
  additionalStylesheets: chunkStylesheets(),
  // Selectors the matching does not see as used: the dark theme's colours (`.dark`, set on
  // <html> by the browser before paint, never in the rendered markup), Tailwind's space and
  // divide utilities (`:where(.space-y-2>…)`) and the rules that size icons from their
  // parent (`… svg`).
  allowRules: [/^\.dark\b/, /^:where\(\.(space|divide)-/, /svg/],
  // Leaves a plain stylesheet link (others add an onload handler, which the CSP forbids);
  // preloadStylesheets then makes it a preload.
  preload: 'body',
  pruneSource: false,
  reduceInlineStyles: false,
  logLevel: 'silent',
});

let prerenderer: Promise<Prerenderer> | undefined;

/**
 * The whole stylesheet as a preload: fetched early, applied by the app's script (main.tsx) when
 * it takes over. As a stylesheet, even at the end of the body, it would hold the first paint;
 * the page's own rules are inline already. Without scripts, a noscript link applies it.
 * (An onload attribute that applies it would need the CSP to allow inline handlers.)
 */
function preloadStylesheets(html: string): string {
  const links: string[] = [];
  const rest = html.replace(/<link rel="stylesheet"([^>]*)>/g, (link, attributes: string) => {
    links.push(`<link rel="preload" as="style"${attributes}><noscript>${link}</noscript>`);
    return '';
  });
  return rest.replace('</head>', `${links.join('')}</head>`);
}

// Inside a <script> element, '</script' or '<!--' in the JSON would end or confuse it.
const jsonForScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The data of the latest generation the server sent (it sends it once per generation). */
let current: { generation: number; data: unknown } | undefined;

async function render(request: PrerenderRequest): Promise<string | null> {
  if ('data' in request) current = { generation: request.generation, data: request.data };
  if (current?.generation !== request.generation) {
    throw new Error(`No data for generation ${request.generation}`);
  }
  // Taken before any wait: a request of another generation may replace `current` meanwhile.
  const { data } = current;
  prerenderer ??= import(pathToFileURL(entry).href) as Promise<Prerenderer>;
  const page = await (await prerenderer).renderPage(request.pathname, data);
  if (!page) return null;
  return preloadStylesheets(
    await beasties.process(
      request.shell.replace(
        '<div id="root"></div>',
        // The id is the one the browser reads the query cache from (adopt-prerendered-queries).
        `<div id="root">${page.html}</div><script type="application/json" id="query-state">${jsonForScript(page.queryState)}</script>`,
      ),
    ),
  );
}

port.on('message', (request: PrerenderRequest) => {
  render(request).then(
    (html) => port.postMessage({ id: request.id, ok: true, html } satisfies PrerenderReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies PrerenderReply),
  );
});
