import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Beasties from 'beasties';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Where the web build puts its prerender (apps/web/src/app/prerender/entry-server.tsx). */
export const PRERENDER_ENTRY = path.join('ssr', 'entry-server.js');

/** The prerender's surface, as the web build exports it. */
interface Prerenderer {
  renderPage(pathname: string, data: unknown): Promise<{ html: string; queryState: string } | null>;
}

/** The data every public page is rendered from, and what changes with it (a new object). */
export interface PrerenderInput {
  generation: object;
  data: unknown;
}

/** The build's stylesheets besides the one index.html links (those of lazy chunks). */
function chunkStylesheets(webDist: string): string[] {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const assets = path.join(webDist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.css') && !index.includes(`/assets/${name}`))
    .map((name) => `/assets/${name}`);
}

type Rendering = Promise<PrerenderedPage | null>;

/** Whether Accept-Encoding lists the coding without refusing it (`;q=0`). */
function accepts(request: FastifyRequest, coding: string): boolean {
  const header = String(request.headers['accept-encoding'] ?? '');
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name?.trim() === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

interface PrerenderedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

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

/**
 * The public pages as HTML with their content, drawn by the web build's own components, so a
 * visitor sees the page before any script runs. A page is the same for every visitor: it is
 * rendered once per path and kept (compressed) until the data it shows changes, when the next
 * request renders it again. Only the CSS its markup uses is inlined; the stylesheet itself is
 * only preloaded, so nothing blocks the first paint.
 * Answers null when the build has no prerender (a development build, the tests' stand-in).
 */
export function createPrerenderedPages(options: {
  webDist: string;
  /** index.html with the path's title and description. */
  shell: (pathname: string) => string;
  input: () => Promise<PrerenderInput>;
  log: FastifyBaseLogger;
}) {
  const entry = path.join(options.webDist, PRERENDER_ENTRY);
  if (!fs.existsSync(entry)) return null;
  let prerenderer: Promise<Prerenderer> | undefined;
  const beasties = new Beasties({
    path: options.webDist,
    publicPath: '/',
    // A lazy page's own CSS (a tutorial's typography) comes with its code, after the first
    // paint: the rules of every stylesheet that the markup uses are inlined.
    additionalStylesheets: chunkStylesheets(options.webDist),
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
  // One set of pages per catalog snapshot and UTC day (the demo form's bookable dates, the
  // footer's year): a request still holding an older snapshot cannot evict the newer pages.
  const generations = new WeakMap<object, { day: string; pages: Map<string, Rendering> }>();

  async function render(pathname: string, data: unknown): Promise<PrerenderedPage | null> {
    prerenderer ??= import(pathToFileURL(entry).href) as Promise<Prerenderer>;
    const page = await (await prerenderer).renderPage(pathname, data);
    if (!page) return null;
    const shell = options.shell(pathname);
    const html = preloadStylesheets(
      await beasties.process(
        shell.replace(
          '<div id="root"></div>',
          // The id is the one the browser reads the query cache from (adopt-prerendered-queries).
          `<div id="root">${page.html}</div><script type="application/json" id="query-state">${jsonForScript(page.queryState)}</script>`,
        ),
      ),
    );
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(html, { level: 9 }),
    ]);
    return { html, br, gzip: gz };
  }

  async function page(pathname: string): Promise<PrerenderedPage | null> {
    const input = await options.input();
    const day = new Date().toISOString().slice(0, 10);
    let generation = generations.get(input.generation);
    if (generation?.day !== day) {
      generation = { day, pages: new Map() };
      generations.set(input.generation, generation);
    }
    let rendering = generation.pages.get(pathname);
    if (!rendering) {
      // A failure is kept too (logged once): a page that cannot render gets the empty shell
      // until the data changes, not a new attempt on every request.
      rendering = render(pathname, input.data).catch((error: unknown) => {
        options.log.error({ err: error, pathname }, 'prerendering a public page failed');
        return null;
      });
      generation.pages.set(pathname, rendering);
    }
    return rendering;
  }

  return {
    /**
     * Renders the home page in the background: it loads the renderer too (about half a second),
     * which the first visitor would otherwise wait for.
     */
    warm() {
      page('/').catch((error: unknown) =>
        options.log.error({ err: error }, 'reading what the home page is rendered from failed'),
      );
    },
    /**
     * Sends the prerendered page, compressed as the client accepts; false when there is none
     * (not a page, or its render failed: the caller sends the empty shell, which still works).
     */
    async send(request: FastifyRequest, reply: FastifyReply, pathname: string) {
      let rendered: PrerenderedPage | null;
      try {
        rendered = await page(pathname);
      } catch {
        // The catalog could not be read (the database is away): the shell needs none of it.
        return false;
      }
      if (!rendered) return false;
      reply.header('vary', 'accept-encoding');
      if (accepts(request, 'br')) {
        reply.header('content-encoding', 'br').send(rendered.br);
      } else if (accepts(request, 'gzip')) {
        reply.header('content-encoding', 'gzip').send(rendered.gzip);
      } else {
        reply.send(rendered.html);
      }
      return true;
    },
  };
}
