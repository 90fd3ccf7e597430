import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding.ts';
import { createPrerenderThread } from './prerender-thread.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Where the web build puts its prerender (apps/web/src/app/prerender/entry-server.tsx). */
export const PRERENDER_ENTRY = path.join('ssr', 'entry-server.js');

/** The data every public page is rendered from, and what changes with it (a new object). */
export interface PrerenderInput {
  generation: object;
  data: unknown;
}

type Rendering = Promise<PrerenderedPage | null>;

/** How long a page whose render failed is served as the empty shell before it is tried again. */
export const RETRY_FAILED_RENDER_MS = 60_000;

interface PrerenderedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

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
  const thread = createPrerenderThread({ webDist: options.webDist, entry });
  // The thread is sent a generation's data once, under a number of its own.
  const generationNumbers = new WeakMap<object, number>();
  let lastGeneration = 0;
  // One set of pages per catalog snapshot and UTC day (the demo form's bookable dates, the
  // footer's year): a request still holding an older snapshot cannot evict the newer pages.
  const generations = new WeakMap<object, { day: string; pages: Map<string, Rendering> }>();

  async function render(pathname: string, input: PrerenderInput): Promise<PrerenderedPage | null> {
    let generation = generationNumbers.get(input.generation);
    if (generation === undefined) {
      generation = ++lastGeneration;
      generationNumbers.set(input.generation, generation);
    }
    const html = await thread.render(pathname, options.shell(pathname), generation, input.data);
    if (html === null) return null;
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
    const pages = generation.pages;
    let rendering = pages.get(pathname);
    if (!rendering) {
      // A failure is kept for a while (logged once): a page that cannot render gets the empty
      // shell, not a new attempt on every request; then it is tried again, since a render that
      // timed out on a machine busy at start would otherwise leave the page empty all day.
      const attempt: Rendering = render(pathname, input).catch((error: unknown) => {
        options.log.error({ err: error, pathname }, 'prerendering a public page failed');
        setTimeout(() => {
          if (pages.get(pathname) === attempt) pages.delete(pathname);
        }, RETRY_FAILED_RENDER_MS).unref();
        return null;
      });
      rendering = attempt;
      pages.set(pathname, rendering);
    }
    return rendering;
  }

  return {
    close: () => thread.close(),
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
      if (acceptsEncoding(request, 'br')) {
        reply.header('content-encoding', 'br').send(rendered.br);
      } else if (acceptsEncoding(request, 'gzip')) {
        reply.header('content-encoding', 'gzip').send(rendered.gzip);
      } else {
        reply.send(rendered.html);
      }
      return true;
    },
  };
}
