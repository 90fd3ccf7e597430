import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@alpenkube/contract';
import {
  Client,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

/**
 * Every kind of answer the server gives (a page, a static file, an API answer, a download, and
 * each kind of error) carries the security headers; and every cookie it sets is the session
 * cookie or its hint, with the same safe attributes.
 */
describe('headers and cookies on every kind of answer', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-headers-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Alpenkube</title><script>1</script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1);');
    fs.writeFileSync(path.join(dist, 'page-meta.json'), '{}');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** Headers every answer carries, whatever it is. */
  function expectCommonHeaders(response: LightMyRequestResponse, label: string) {
    const csp = String(response.headers['content-security-policy'] ?? '');
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(csp, label).toContain("object-src 'none'");
    expect(csp, label).toContain("base-uri 'none'");
    expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers['x-content-type-options'], label).toBe('nosniff');
    expect(response.headers['referrer-policy'], label).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy'], label).toBe('same-origin');
    // Over plain http; HSTS behind https is tested in http-rules.
    expect(response.headers['strict-transport-security'], label).toBeUndefined();
    expect(response.headers['x-powered-by'], label).toBeUndefined();
    expect(response.headers['server'], label).toBeUndefined();
  }

  function expectApiHeaders(response: LightMyRequestResponse, label: string) {
    expectCommonHeaders(response, label);
    expect(response.headers['content-security-policy'], label).toContain("default-src 'none'");
    expect(response.headers['cache-control'], label).toBe('no-store');
  }

  function expectPageHeaders(response: LightMyRequestResponse, label: string) {
    expectCommonHeaders(response, label);
    const csp = String(response.headers['content-security-policy']);
    expect(csp, label).toContain("default-src 'self'");
    expect(csp, label).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
    expect(csp, label).toContain("form-action 'self'");
    expect(response.headers['x-frame-options'], label).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin');
  }

  /** No answer sets a cookie unless it starts or ends a session. */
  function expectNoCookie(response: LightMyRequestResponse, label: string) {
    expect(response.headers['set-cookie'], label).toBeUndefined();
  }

  it('pages: the full policy, no framing, revalidated, and no cookie for a visitor', async () => {
    for (const url of ['/', '/pricing', '/dashboard', '/no/such/page']) {
      const response = await t.app.inject({ url });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectPageHeaders(response, url);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expectNoCookie(response, url);
    }
  });

  it('files: hashed assets, robots.txt, sitemap.xml and llms.txt carry the same headers', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const [url, response] of [
      ['/assets/index-abc123.js', asset],
      ['/robots.txt', await t.app.inject({ url: '/robots.txt' })],
      ['/sitemap.xml', await t.app.inject({ url: '/sitemap.xml' })],
      ['/llms.txt', await t.app.inject({ url: '/llms.txt' })],
    ] as const) {
      expect(response.statusCode, url).toBe(200);
      expectCommonHeaders(response, url);
      expectNoCookie(response, url);
    }
  });

  it('API answers and downloads: the short policy, never cached; a download is an attachment', async () => {
    const { client } = await registerUser(t.app, { username: 'headers' });
    // Public, the same for everyone, so a cache may keep it if it asks again first.
    const version = await client.get('/api/version/summary');
    expectCommonHeaders(version, 'version');
    expect(version.headers['cache-control']).toBe('public, no-cache');
    expect(version.headers['etag']).toBeDefined();
    for (const url of ['/api/user', '/api/notifications']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expectApiHeaders(response, url);
      expectNoCookie(response, url);
    }
    const csv = await client.get('/api/usage?from=2026-11-01&to=2026-11-02&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[^"/\\]+\.csv"$/);
    expectApiHeaders(csv, 'usage csv');
    const openapi = await t.app.inject({ url: '/api/openapi.json' });
    expect(openapi.statusCode).toBe(200);
    expectCommonHeaders(openapi, 'openapi');
  });

  it('errors: every 4xx of the API is JSON with a message and the same headers, setting no cookie', async () => {
    const { client } = await registerUser(t.app, { username: 'errors' });
    const answers: [string, number, Promise<LightMyRequestResponse>][] = [
      [
        'malformed JSON',
        400,
        client.request({
          method: 'POST',
          url: '/api/login',
          payload: '{"a":',
          headers: { 'content-type': 'application/json' },
        }),
      ],
      ['invalid body', 400, client.post('/api/login', { username: 1 })],
      ['signed out', 401, t.app.inject({ url: '/api/user' })],
      [
        'another site',
        403,
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: {},
          headers: { origin: 'https://evil.example' },
        }),
      ],
      ['unknown path', 404, client.get('/api/no/such/route')],
      ['unknown id', 404, client.get('/api/clusters/999999')],
      [
        'too large',
        413,
        client.post('/api/login', { username: 'x'.repeat(70_000), password: 'x' }),
      ],
      [
        'not JSON',
        415,
        client.request({
          method: 'POST',
          url: '/api/login',
          payload: 'a=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ],
    ];
    for (const [label, status, pending] of answers) {
      const response = await pending;
      expect(response.statusCode, label).toBe(status);
      expect(response.headers['content-type'], label).toMatch(/^application\/json/);
      expect(response.json().message, label).toEqual(expect.stringMatching(/\S/));
      expectApiHeaders(response, label);
      expectNoCookie(response, label);
    }
  });

  it('cookies: the session cookie, HttpOnly, and its hint, readable by scripts, both SameSite=Lax, host-only, on the whole site; sign-out clears both alike', async () => {
    await registerUser(t.app, { username: 'cookies' });
    const client = new Client(t.app);
    const signIn = await client.post('/api/login', {
      username: 'cookies',
      password: STRONG_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const attributes = (set: LightMyRequestResponse['cookies']) =>
      set.map(({ name, httpOnly, sameSite, path, domain }) => ({
        name,
        httpOnly: httpOnly ?? false,
        sameSite,
        path,
        domain,
      }));
    // The hint grants nothing: scripts read it to know whether to ask for the session.
    const expected = [
      { name: 'sid', httpOnly: true, sameSite: 'Lax', path: '/', domain: undefined },
      { name: SESSION_HINT_COOKIE, httpOnly: false, sameSite: 'Lax', path: '/', domain: undefined },
    ];
    // Beside the session, sign-in clears an abandoned second-factor step's cookie, with the
    // attributes it is set with.
    expect(attributes(signIn.cookies)).toEqual([
      {
        name: 'mfa_challenge',
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/login/mfa',
        domain: undefined,
      },
      ...expected,
    ]);
    const mfaCleared = signIn.cookies.find((c) => c.name === 'mfa_challenge')!;
    expect(mfaCleared.value).toBe('');
    const maxAge = t.config.sessionMaxDays * 86_400;
    expect(signIn.cookies.find((c) => c.name === 'sid')).toMatchObject({ maxAge });
    expect(signIn.cookies.find((c) => c.name === SESSION_HINT_COOKIE)).toMatchObject({
      value: '1',
      maxAge,
    });
    expectApiHeaders(signIn, 'sign-in');
    const signOut = await client.post('/api/logout');
    expect(signOut.statusCode).toBeLessThan(300);
    expect(attributes(signOut.cookies)).toEqual(expected);
    for (const cleared of signOut.cookies) {
      expect(
        cleared.value === '' || (cleared as { maxAge?: number }).maxAge === 0,
        cleared.name,
      ).toBe(true);
    }
    expectApiHeaders(signOut, 'sign-out');
  });
});
