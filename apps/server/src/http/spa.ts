import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { llmsTxt } from './llms-txt.ts';
import { readPageMeta, type PageMeta } from './page-meta.ts';
import {
  createPrerenderedPages,
  PRERENDER_ENTRY,
  type PrerenderInput,
} from './prerendered-pages.ts';
import { escapeHtml } from '../lib/html-escape.ts';

/** Puts a page's own title and description into the HTML, so they are there before any script. */
export function withPageMeta(html: string, meta: PageMeta | undefined): string {
  if (!meta) return html;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    );
}

export function readIndexHtml(webDist: string): string | null {
  try {
    return fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

function sitemap(origin: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

// Signed-in areas have nothing for a search engine; the public pages are all in the sitemap.
const ROBOTS_DISALLOW = [
  '/api/',
  '/dashboard',
  '/settings',
  '/profile',
  '/account',
  '/admin/',
  '/dev-login',
];

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for
 * every other GET that is not an API path, so client-side routes work on reload.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    webDist: string;
    indexHtml: string | null;
    /** The configured public origin; the request's Host is the sender's choice, not ours. */
    publicUrl: string;
    /** Settings the browser reads at run time, as <meta name=… content=…> in every page. */
    runtimeSettings: Record<string, string>;
    /** What the public pages are prerendered from (see prerendered-pages.ts). */
    prerenderInput: () => Promise<PrerenderInput>;
  },
) {
  const settingsMeta = Object.entries(options.runtimeSettings)
    .map(([name, value]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(value)}" />`)
    .join('');
  const indexHtml = options.indexHtml?.replace('</head>', `${settingsMeta}</head>`) ?? null;
  const pageMeta = readPageMeta(options.webDist);
  const pagePath = (pathname: string) =>
    pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const metaFor = (pathname: string) => pageMeta[pagePath(pathname)];
  const prerendered = indexHtml
    ? createPrerenderedPages({
        webDist: options.webDist,
        shell: (pathname) => withPageMeta(indexHtml, metaFor(pathname)),
        input: options.prerenderInput,
        log: app.log,
      })
    : null;
  if (prerendered) {
    app.addHook('onReady', async () => prerendered.warm());
    app.addHook('onClose', async () => prerendered.close());
  }

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${options.publicUrl}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .send(sitemap(options.publicUrl, Object.keys(pageMeta))),
  );

  app.get('/llms.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(llmsTxt(options.publicUrl, pageMeta)),
  );

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-dist.ts).
      preCompressed: true,
      // One route per file found at start (the build does not change while running); every
      // other path falls through to the SPA below.
      wildcard: false,
      // The prerender is the server's to run, not a file to hand out.
      allowedPath: (pathName) => !pathName.startsWith(`/${path.dirname(PRERENDER_ENTRY)}/`),
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // Every public page (the paths with a title of their own) arrives with its content.
    if (prerendered && metaFor(pathname)) {
      if (await prerendered.send(request, reply, pagePath(pathname))) return reply;
    }
    if (!indexHtml) {
      return reply.send(
        '<!doctype html><title>Alpenkube</title><h1>Alpenkube API is running</h1>' +
          '<p>The web app is not built yet: run <code>npm run build</code>, then reload.</p>',
      );
    }
    return reply.send(withPageMeta(indexHtml, metaFor(pathname)));
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/api/') || pathname === '/api' || pathname === '/ws';
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendApp(request, reply, pathname);
    }
    return reply.code(404).send({ message: `No route for ${request.method} ${pathname}` });
  });
}
