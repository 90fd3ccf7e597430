import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);";
const INDEX = `<!doctype html><html><head><title>Alpenkube</title>
<meta
  name="description"
  content="default"
/>
<script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`;

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  const bundle = 'console.log("app");'.repeat(200);

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), bundle);
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(bundle));
    fs.writeFileSync(
      path.join(dist, 'page-meta.json'),
      JSON.stringify({
        '/': { title: 'Alpenkube · Managed Kubernetes', description: 'Home <description>' },
        '/pricing': { title: 'Pricing | Alpenkube', description: 'Prices of every tier' },
        '/tutorials/scaling': {
          title: 'Scale [pods] | Alpenkube',
          description: 'Autoscaling,\n  step by step',
        },
        '/cluster-types/blue': { title: 'Blue clusters | Alpenkube', description: 'Standard' },
        '/blue-cluster': { title: 'Blue clusters | Alpenkube', description: 'Standard' },
      }),
    );
    t = await createTestApp({
      env: { WEB_DIST: dist, EXCHANGE_RATE_URL: 'https://rates.example.org/latest?base=USD' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("puts each public page's own title and description in the HTML, escaped", async () => {
    const pricing = await t.app.inject({ url: '/pricing' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain('<title>Pricing | Alpenkube</title>');
    expect(pricing.body).toContain('<meta name="description" content="Prices of every tier" />');
    expect((await t.app.inject({ url: '/pricing/' })).body).toContain(
      '<title>Pricing | Alpenkube</title>',
    );
    expect((await t.app.inject({ url: '/' })).body).toContain('content="Home &lt;description&gt;"');
    const dashboard = await t.app.inject({ url: '/dashboard' });
    expect(dashboard.body).toContain('<title>Alpenkube</title>');
    expect(dashboard.headers['cache-control']).toBe('no-cache');
  });

  it('tells the browser the exchange-rate service, and allows only that origin to be fetched', async () => {
    const page = await t.app.inject({ url: '/pricing' });
    expect(page.body).toContain(
      '<meta name="exchange-rate-url" content="https://rates.example.org/latest?base=USD" />',
    );
    expect(String(page.headers['content-security-policy'])).toContain(
      "connect-src 'self' https://rates.example.org;",
    );
  });

  it('allows the inline theme script by its hash, and nothing else inline', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
  });

  it('serves hashed assets for a year, pre-compressed when the browser accepts it', async () => {
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toContain('immutable');
    expect(plain.body).toBe(bundle);
    const brotli = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(bundle);
    expect((await t.app.inject({ url: '/assets/missing.js' })).headers['content-type']).toMatch(
      /text\/html/,
    );
  });

  it('lists the public pages in sitemap.xml and keeps robots out of signed-in areas', async () => {
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<loc>http://localhost:5000/pricing</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:5000/</loc>');
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Sitemap: http://localhost:5000/sitemap.xml');
  });

  it('describes the public site in llms.txt, from the pages the build lists, aliases once', async () => {
    const response = await t.app.inject({ url: '/llms.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(
      [
        '# Alpenkube',
        '',
        '> Home <description>',
        '',
        '## Documentation',
        '',
        '- [Scale pods](http://localhost:5000/tutorials/scaling): Autoscaling, step by step',
        '- [OpenAPI document](http://localhost:5000/api/openapi.json): every operation of the platform API',
        '',
        '## Cluster types',
        '',
        '- [Blue clusters](http://localhost:5000/cluster-types/blue): Standard',
        '',
        '## Pages',
        '',
        '- [Pricing](http://localhost:5000/pricing): Prices of every tier',
        '',
      ].join('\n'),
    );
  });
});
