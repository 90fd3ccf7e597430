import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const INDEX = `<!doctype html><html><head><title>Alpenkube</title>
<meta name="description" content="default" />
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
</head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

/**
 * A stand-in for the web build's prerender (apps/web/src/app/prerender/entry-server.tsx): the
 * same export, markup that shows what it was given, and a line in a file beside it for each
 * render (the server loads this file in its prerender thread, outside the test's module graph).
 */
const RENDERER = `
import fs from 'node:fs';
export async function renderPage(pathname, data) {
  fs.appendFileSync(new URL('./renders.log', import.meta.url), pathname + '\\n');
  if (pathname === '/broken') throw new Error('render failed');
  if (pathname === '/gone') return null;
  return {
    html: '<main><h1 class="title">' + pathname + '</h1><p class="article">' + data.tiers.length +
      ' tiers, API ' + data.openapi.openapi + '</p></main>',
    queryState: JSON.stringify({ note: '</script><script>alert(1)</script>' }),
  };
}`;

describe('prerendered public pages', () => {
  let t: TestApp;
  let dist: string;
  const renders = () => {
    const log = path.join(dist, 'ssr/renders.log');
    return fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').length - 1 : 0;
  };

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-prerender-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets/index-abc.js'), 'console.log(1);');
    fs.writeFileSync(
      path.join(dist, 'assets/index-abc.css'),
      '.title{font-weight:700}.never-used{color:red}',
    );
    // A lazy chunk's stylesheet: its rules are inlined where the markup uses them.
    fs.writeFileSync(path.join(dist, 'assets/tutorial-def.css'), '.article{line-height:2}');
    fs.writeFileSync(path.join(dist, 'ssr/entry-server.js'), RENDERER);
    // As the real build's, which lies in the web app's package (an ES module package).
    fs.writeFileSync(path.join(dist, 'package.json'), '{ "type": "module" }');
    fs.writeFileSync(
      path.join(dist, 'page-meta.json'),
      JSON.stringify({
        '/': { title: 'Home | Alpenkube', description: 'Home' },
        '/pricing': { title: 'Pricing | Alpenkube', description: 'Prices' },
        '/broken': { title: 'Broken | Alpenkube', description: 'Fails to render' },
        '/gone': { title: 'Gone | Alpenkube', description: 'Not a page' },
      }),
    );
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers a public path with its content, its data and only the CSS it uses', async () => {
    const response = await t.app.inject({ url: '/pricing' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<title>Pricing | Alpenkube</title>');
    const tiers = (await t.app.inject({ url: '/api/cluster-tiers' })).json<unknown[]>().length;
    expect(html).toContain(`<h1 class="title">/pricing</h1>`);
    expect(html).toContain(`${tiers} tiers, API 3.`);
    // The query cache as JSON that cannot end its script element.
    expect(html).toContain(
      '<script type="application/json" id="query-state">{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
    const inline = html.match(/<style>([^<]*)<\/style>/)?.[1] ?? '';
    expect(inline).toContain('.title{font-weight:700}');
    expect(inline).toContain('.article{line-height:2}');
    expect(inline).not.toContain('never-used');
    // The whole stylesheet is preloaded in the head, not a stylesheet that would hold the paint.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/index-abc.css">',
    );
    // Applied as a stylesheet only without scripts.
    expect(html.replace(/<noscript>.*?<\/noscript>/g, '')).not.toContain('rel="stylesheet"');
    expect(head).toContain(
      '<noscript><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></noscript>',
    );
  });

  it('renders a page once, compressed as the client accepts, until the catalog changes', async () => {
    const first = await t.app.inject({ url: '/' });
    const count = renders();
    const brotli = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    expect(renders()).toBe(count);

    t.app.services.catalog.invalidate();
    await t.app.inject({ url: '/' });
    expect(renders()).toBe(count + 1);
  });

  it('falls back to the empty shell when a page cannot be rendered, until its data changes', async () => {
    for (const url of ['/broken', '/gone']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    // Not rendered again on every request...
    const count = renders();
    await t.app.inject({ url: '/broken' });
    expect(renders()).toBe(count);
    // ...but once the data it is rendered from changes.
    t.app.services.catalog.invalidate();
    await t.app.inject({ url: '/broken' });
    expect(renders()).toBe(count + 1);
  });

  it('renders no other path, and never hands out the renderer', async () => {
    const count = renders();
    const dashboard = await t.app.inject({ url: '/dashboard' });
    expect(dashboard.body).toContain('<div id="root"></div>');
    const renderer = await t.app.inject({ url: '/ssr/entry-server.js' });
    expect(renderer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(renderer.body).not.toContain('renderPage');
    expect(renders()).toBe(count);
  });
});
