import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@alpenkube/contract';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { auditEvents, notifications, organizations, sessions, users } from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

const PRODUCTION_ENV = {
  APP_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://cloud.example.eu',
};

const registration = {
  username: 'newcomer',
  email: 'newcomer@example.com',
  password: STRONG_PASSWORD,
};

describe('HTTP rules every route follows', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const db = () => t.app.services.db;
  const expectNothingWritten = async () => {
    expect(await db().select().from(users)).toHaveLength(0);
    expect(await db().select().from(organizations)).toHaveLength(0);
    expect(await db().select().from(notifications)).toHaveLength(0);
    expect(await db().select().from(sessions)).toHaveLength(0);
  };
  const register = (options: { headers?: Record<string, string>; payload?: string | object }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: options.payload ?? registration,
      headers: options.headers,
    });

  describe('cross-site requests', () => {
    it("refuses a state-changing request from another site's Origin with 403, writing nothing", async () => {
      const response = await register({ headers: { origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(response.cookies).toHaveLength(0);
      await expectNothingWritten();
    });

    it("refuses Origin 'null' and a look-alike of the own origin", async () => {
      for (const origin of ['null', 'http://localhost:80.evil.example', 'https://localhost:80']) {
        const response = await register({ headers: { origin } });
        expect(response.statusCode, origin).toBe(403);
      }
      await expectNothingWritten();
    });

    it('refuses Sec-Fetch-Site: cross-site (and same-site) with 403, writing nothing', async () => {
      for (const site of ['cross-site', 'same-site']) {
        const response = await register({ headers: { 'sec-fetch-site': site } });
        expect(response.statusCode, site).toBe(403);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
      await expectNothingWritten();
    });

    it('refuses a cross-site logout, so another site cannot sign the user out', async () => {
      const { client, user } = await registerUser(t.app, { username: 'stays' });
      const response = await client.request({
        method: 'POST',
        url: '/api/logout',
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect((await client.get('/api/user')).json().id).toBe(user.id);
    });

    it('lets a same-origin request through, and a GET from anywhere', async () => {
      const response = await register({
        headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(201);
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/cluster-tiers',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(read.statusCode).toBe(200);
    });
  });

  describe('request bodies', () => {
    it('answers 415 {message} for a body that is not JSON, writing nothing', async () => {
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await register({
          payload: JSON.stringify(registration),
          headers: { 'content-type': contentType },
        });
        expect(response.statusCode, contentType).toBe(415);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
      await expectNothingWritten();
    });

    it('needs no content type for a request without a body', async () => {
      const { client } = await registerUser(t.app, { username: 'bodyless' });
      const response = await client.request({
        method: 'POST',
        url: '/api/notifications/mark-all-read',
      });
      expect(response.statusCode).toBe(200);
      expect((await client.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    });

    it('answers 400 {message} for malformed JSON, writing nothing', async () => {
      for (const payload of [
        '{"username": "newcomer",',
        "{'single': 'quotes'}",
        'not json at all',
      ]) {
        const response = await register({
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, payload).toBe(400);
        expect(response.json()).toEqual({ message: expect.any(String) });
        expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
      }
      await expectNothingWritten();
    });

    it('answers 413 for a 70 KB body, writing nothing', async () => {
      const payload = JSON.stringify({ ...registration, name: 'x'.repeat(70 * 1024) });
      const response = await register({ payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: expect.any(String) });
      await expectNothingWritten();
    });

    it('answers 400 with issues for unknown fields, wrong types and missing fields, writing nothing', async () => {
      for (const payload of [
        { ...registration, isAdmin: true },
        { ...registration, username: ['newcomer'] },
        { email: registration.email, password: registration.password },
        [registration],
        'a string',
      ]) {
        const response = await register({
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual({
          message: expect.any(String),
          issues: expect.arrayContaining([
            { path: expect.any(Array), message: expect.any(String) },
          ]),
        });
      }
      const unknown = await register({ payload: { ...registration, isAdmin: true } });
      expect(unknown.json().message).toMatch(/isAdmin|unrecognized/i);
      await expectNothingWritten();
    });
  });

  describe('unknown paths', () => {
    it('answers 404 JSON {message} for an unknown /api path, whatever the method', async () => {
      for (const [method, url] of [
        ['GET', '/api/does-not-exist'],
        ['POST', '/api/does-not-exist'],
        ['GET', '/api'],
        ['DELETE', '/api/user'],
      ] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('answers the web app (HTML) for any other GET path', async () => {
      for (const url of ['/clusters/42', '/settings?tab=security', '/']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toMatch(/<!doctype html>/i);
      }
    });
  });

  describe('security headers', () => {
    it('sends a strict content security policy and no HSTS over http', async () => {
      for (const url of ['/api/version/summary', '/some/page']) {
        const response = await t.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toMatch(/default-src '(self|none)'/);
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
      const registered = await register({});
      expect(registered.statusCode).toBe(201);
      const cookie = registered.cookies.find((c) => c.name === 'sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.secure).toBeFalsy();
      expect(registered.cookies.find((c) => c.name === '__Host-sid')).toBeUndefined();
    });

    it("behind https sends HSTS and names the session cookie '__Host-sid', Secure", async () => {
      const proxied = await createTestApp({ reset: false, env: { TRUST_PROXY: '1' } });
      try {
        const https = new Client(proxied.app, { headers: { 'x-forwarded-proto': 'https' } });
        const response = await https.post('/api/register', registration);
        expect(response.statusCode).toBe(201);
        expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
        expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
        const cookie = response.cookies.find((c) => c.name === '__Host-sid');
        expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
        expect(cookie!.domain).toBeUndefined();
        expect(response.cookies.find((c) => c.name === SESSION_HINT_COOKIE)).toMatchObject({
          secure: true,
          path: '/',
          sameSite: 'Lax',
        });
        const me = await https.get('/api/user');
        expect(me.statusCode).toBe(200);
        expect(me.headers['strict-transport-security']).toBeDefined();

        // The same proxied app over plain http: no HSTS.
        const plain = await proxied.app.inject({
          method: 'GET',
          url: '/api/version/summary',
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(plain.headers['strict-transport-security']).toBeUndefined();
      } finally {
        await proxied.close();
      }
    });

    it('ignores X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registration,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBeFalsy();
      expect(response.cookies.find((c) => c.name === '__Host-sid')).toBeUndefined();
    });
  });

  describe('paths the router decodes', () => {
    it('refuses /%61pi/login (the router reads /api/login) from another site with 403', async () => {
      await registerUser(t.app, { username: 'encoded' });
      for (const url of ['/%61pi/login', '/%61pi/register', '/api/%6cogin']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: { username: 'encoded', password: STRONG_PASSWORD },
          headers: { origin: 'https://evil.example' },
        });
        expect(response.statusCode, url).toBe(403);
        expect(response.cookies, url).toHaveLength(0);
      }
    });
  });

  describe('answers of the API', () => {
    it('are never cached (the two-factor secret included); pages forbid framing consistently', async () => {
      const { client } = await registerUser(t.app, { username: 'uncached' });
      const setup = await client.post('/api/auth/mfa/setup');
      expect(setup.statusCode).toBe(200);
      expect(setup.headers['cache-control']).toBe('no-store');
      for (const url of ['/api/user', '/api/notifications', '/api/does-not-exist', '/%61pi/user']) {
        expect((await client.get(url)).headers['cache-control'], url).toBe('no-store');
      }
      const page = await t.app.inject({ method: 'GET', url: '/some/page' });
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    });

    it('read ids as digits only', async () => {
      const { client } = await registerUser(t.app, { username: 'digits' });
      const [welcome] = (await client.get('/api/notifications')).json();
      for (const id of ['0x1', '1e0', '%201', '+1', '1.0', '-1', '0', '99999999999']) {
        const response = await client.put(`/api/notifications/${id}/read`);
        expect(response.statusCode, id).toBe(400);
        expect(response.json(), id).toMatchObject({ message: expect.any(String) });
      }
      expect((await client.put(`/api/notifications/${welcome.id}/read`)).statusCode).toBe(200);
    });
  });

  describe('session cookies', () => {
    it('over https, accepts only __Host-sid, not a plain sid (which a sibling host could plant)', async () => {
      const proxied = await createTestApp({ reset: false, env: { TRUST_PROXY: '1' } });
      try {
        const https = new Client(proxied.app, { headers: { 'x-forwarded-proto': 'https' } });
        expect((await https.post('/api/register', registration)).statusCode).toBe(201);
        const token = https.cookie('__Host-sid')!;
        const asPlain = await proxied.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { 'x-forwarded-proto': 'https' },
          cookies: { sid: token },
        });
        expect(asPlain.statusCode).toBe(401);
        const asHost = await proxied.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { 'x-forwarded-proto': 'https' },
          cookies: { '__Host-sid': token },
        });
        expect(asHost.statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });

    it('in production, is Secure even when the request reached it over http', async () => {
      const prod = await createTestApp({ reset: false, env: PRODUCTION_ENV });
      try {
        const response = await prod.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: registration,
        });
        expect(response.statusCode).toBe(201);
        expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true });
        expect(response.cookies.find((c) => c.name === SESSION_HINT_COOKIE)).toMatchObject({
          secure: true,
        });
      } finally {
        await prod.close();
      }
    });
  });

  describe('production', () => {
    it('has no /api/dev routes', async () => {
      await registerUser(t.app, { username: 'someone' });
      const prod = await createTestApp({
        reset: false,
        env: PRODUCTION_ENV,
      });
      try {
        const client = new Client(prod.app);
        for (const [method, url] of [
          ['POST', '/api/dev/login'],
          ['GET', '/api/dev/mailbox'],
          ['GET', '/api/dev/users'],
          ['POST', '/api/dev/notify'],
        ] as const) {
          const response = await client.request({
            method,
            url,
            ...(method === 'POST' ? { payload: { username: 'someone', message: 'x' } } : {}),
          });
          expect(response.statusCode, url).toBe(404);
          expect(response.json()).toEqual({ message: expect.any(String) });
        }
        expect(client.cookie('sid')).toBeUndefined();
        expect((await client.get('/api/user')).statusCode).toBe(401);
      } finally {
        await prod.close();
      }
      // They do exist in development: the test above is not vacuous.
      const dev = await new Client(t.app).post('/api/dev/login', { username: 'someone' });
      expect(dev.statusCode).toBe(200);
    });

    it('refuses to start without a SESSION_SECRET, or with a short one', () => {
      const { SESSION_SECRET: _secret, ...withoutSecret } = PRODUCTION_ENV;
      expect(() => loadConfig(withoutSecret)).toThrow(ConfigError);
      expect(() => loadConfig(withoutSecret)).toThrow(/SESSION_SECRET/);
      expect(() => loadConfig({ ...withoutSecret, SESSION_SECRET: '' })).toThrow(/SESSION_SECRET/);
      expect(() => loadConfig({ ...withoutSecret, SESSION_SECRET: 'too-short' })).toThrow(
        /SESSION_SECRET/,
      );
      expect(loadConfig(PRODUCTION_ENV).appEnv).toBe('production');
      expect(() => loadConfig({ APP_ENV: 'development' })).not.toThrow();
    });

    it('refuses to start without a PUBLIC_URL, or with one that is not an http(s) origin', () => {
      const { PUBLIC_URL: _url, ...withoutUrl } = PRODUCTION_ENV;
      expect(() => loadConfig(withoutUrl)).toThrow(ConfigError);
      expect(() => loadConfig(withoutUrl)).toThrow(/PUBLIC_URL is required in production/);
      for (const bad of ['cloud.example.eu', 'ftp://cloud.example.eu', 'https://x.eu/app']) {
        expect(() => loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
      }
      expect(
        loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'https://cloud.example.eu/' }).publicUrl,
      ).toBe('https://cloud.example.eu');
    });

    it('refuses PostgreSQL in production without a shared file store', () => {
      const postgres = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://db/alpenkube' };
      expect(() => loadConfig(postgres)).toThrow(ConfigError);
      expect(() => loadConfig(postgres)).toThrow(
        /With DATABASE_URL, set FILE_STORE_S3_BUCKET .* or FILE_STORE_DIR/,
      );
      expect(loadConfig({ ...postgres, FILE_STORE_DIR: '/srv/files' }).fileStore).toEqual({
        kind: 'directory',
        directory: '/srv/files',
        explicit: true,
      });
      expect(
        loadConfig({
          ...postgres,
          FILE_STORE_S3_BUCKET: 'alpenkube',
          FILE_STORE_S3_ENDPOINT: 'http://minio:9000',
          FILE_STORE_S3_FORCE_PATH_STYLE: 'true',
          FILE_STORE_S3_PREFIX: 'files/',
        }).fileStore,
      ).toEqual({
        kind: 's3',
        bucket: 'alpenkube',
        endpoint: 'http://minio:9000',
        region: undefined,
        forcePathStyle: true,
        prefix: 'files/',
      });
      expect(() =>
        loadConfig({ ...postgres, FILE_STORE_S3_BUCKET: 'b', FILE_STORE_S3_PREFIX: '../' }),
      ).toThrow(/FILE_STORE_S3_PREFIX/);
      // The embedded database is one process: its directory is the only one.
      expect(loadConfig(PRODUCTION_ENV).fileStore.kind).toBe('directory');
      expect(() =>
        loadConfig({ APP_ENV: 'development', DATABASE_URL: 'postgres://db/x' }),
      ).not.toThrow();
    });

    it('is what an unset APP_ENV means: development has to be asked for', () => {
      expect(() => loadConfig({})).toThrow(/SESSION_SECRET/);
      const { APP_ENV: _env, ...unnamed } = PRODUCTION_ENV;
      expect(loadConfig(unnamed).appEnv).toBe('production');
      expect(loadConfig({ ...unnamed, APP_ENV: '' }).appEnv).toBe('production');
      expect(loadConfig(unnamed).host).toBe('0.0.0.0');
    });
  });

  describe('development', () => {
    it('defaults PUBLIC_URL to localhost on its port', () => {
      expect(loadConfig({ APP_ENV: 'development' }).publicUrl).toBe('http://localhost:5000');
      expect(loadConfig({ APP_ENV: 'development', PORT: '5173' }).publicUrl).toBe(
        'http://localhost:5173',
      );
    });

    it('listens on loopback only, and refuses any other HOST with a clear error', () => {
      expect(loadConfig({ APP_ENV: 'development' }).host).toBe('127.0.0.1');
      for (const host of ['127.0.0.1', 'localhost', '::1']) {
        expect(loadConfig({ APP_ENV: 'development', HOST: host }).host).toBe(host);
      }
      for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com']) {
        expect(() => loadConfig({ APP_ENV: 'development', HOST: host }), host).toThrow(
          /not allowed in development.*loopback/,
        );
      }
    });
  });

  describe('TRUST_PROXY', () => {
    const trustProxy = (value: string) =>
      loadConfig({ APP_ENV: 'development', TRUST_PROXY: value }).trustProxy;

    it('refuses true, which would trust any X-Forwarded-For, and explains the options', () => {
      expect(() => trustProxy('true')).toThrow(ConfigError);
      expect(() => trustProxy('true')).toThrow(/number of proxies.*CIDR/);
      expect(() => trustProxy('10.0.0.1,not-an-address')).toThrow(/not-an-address/);
      expect(() => trustProxy('10.0.0.0/33')).toThrow(ConfigError);
    });

    it('accepts a hop count or proxy addresses and ranges', () => {
      expect(trustProxy('')).toBe(false);
      expect(trustProxy('false')).toBe(false);
      expect(trustProxy('10.0.0.2, 10.0.1.0/24,::1,loopback')).toEqual([
        '10.0.0.2',
        '10.0.1.0/24',
        '::1',
        'loopback',
      ]);
      const hops = trustProxy('2');
      expect(typeof hops).toBe('function');
      const trusts = hops as (address: string, hop: number) => boolean;
      expect([trusts('10.0.0.1', 0), trusts('10.0.0.1', 1), trusts('10.0.0.1', 2)]).toEqual([
        true,
        true,
        false,
      ]);
    });

    it('with one trusted hop, the client IP is the address the proxy saw, not one the client wrote', async () => {
      const proxied = await createTestApp({ reset: false, env: { TRUST_PROXY: '1' } });
      try {
        await proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'nobody', password: 'wrong-password' },
          remoteAddress: '10.9.0.1',
          // The client wrote the first entry; the proxy appended the address it saw.
          headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' },
        });
        const [failure] = await proxied.app.services.db.select().from(auditEvents);
        expect(failure?.ip).toBe('203.0.113.7');
      } finally {
        await proxied.close();
      }
    });
  });
});
