import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@alpenkube/contract';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

/**
 * The session hint follows the session an API request carries, so sessions signed in before the
 * hint existed get one, and a browser whose session ended stops asking for it.
 */
describe('the session hint cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const getUser = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/user', cookies });
  const hintOf = (response: LightMyRequestResponse) =>
    response.cookies.find((cookie) => cookie.name === SESSION_HINT_COOKIE);
  const isCleared = (cookie: { value: string; maxAge?: number; expires?: Date }) =>
    cookie.value === '' ||
    cookie.maxAge === 0 ||
    (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());

  it('is given to a valid session without one, readable by scripts, for the rest of the session', async () => {
    const { client } = await registerUser(t.app);
    const response = await getUser({ sid: client.cookie('sid')! });
    expect(response.statusCode).toBe(200);
    const hint = hintOf(response);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint!.httpOnly).toBeFalsy();
    expect(hint!.secure).toBeFalsy();
    expect(hint!.domain).toBeUndefined();
    const maxAge = (hint as { maxAge?: number }).maxAge!;
    expect(maxAge).toBeGreaterThan(t.config.sessionMaxDays * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(t.config.sessionMaxDays * 86_400);
    // Once the browser holds it, nothing more is set.
    const again = await getUser({ sid: client.cookie('sid')!, [SESSION_HINT_COOKIE]: '1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('is given to a session read from the database as well as from memory', async () => {
    const { client } = await registerUser(t.app);
    const token = client.cookie('sid')!;
    // Another instance: it has never seen this session, so it asks the database.
    const other = await createTestApp({ reset: false });
    try {
      const response = await other.app.inject({ url: '/api/user', cookies: { sid: token } });
      expect(response.statusCode).toBe(200);
      expect(hintOf(response)).toMatchObject({ value: '1' });
    } finally {
      await other.close();
    }
  });

  it('is cleared when the request carries no session, or one that ended', async () => {
    const { client } = await registerUser(t.app);
    const ended = client.cookie('sid')!;
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    for (const [label, cookies] of [
      ['no session', { [SESSION_HINT_COOKIE]: '1' }],
      ['unknown session', { sid: 'x'.repeat(43), [SESSION_HINT_COOKIE]: '1' }],
      ['ended session', { sid: ended, [SESSION_HINT_COOKIE]: '1' }],
    ] as const) {
      const response = await getUser(cookies);
      expect(response.statusCode, label).toBe(401);
      const hint = hintOf(response);
      expect(hint, label).toMatchObject({ path: '/', sameSite: 'Lax' });
      expect(hint!.httpOnly, label).toBeFalsy();
      expect(isCleared(hint!), label).toBe(true);
    }
    // A public call says so too: the page learns it whatever it asks first.
    const version = await t.app.inject({
      url: '/api/version/summary',
      cookies: { [SESSION_HINT_COOKIE]: '1' },
    });
    expect(version.statusCode).toBe(200);
    expect(isCleared(hintOf(version)!)).toBe(true);
  });

  it('is given back by a page load to a live session without it, and otherwise left alone by pages', async () => {
    const stale = await t.app.inject({
      url: '/some/page',
      cookies: { [SESSION_HINT_COOKIE]: '1' },
    });
    expect(stale.headers['set-cookie']).toBeUndefined();
    // A dead session's cookie is cleared, so the next page does not look it up again.
    const unknown = await t.app.inject({ url: '/some/page', cookies: { sid: 'x'.repeat(43) } });
    expect(unknown.cookies.find((c) => c.name === 'sid')).toMatchObject({ value: '' });
    expect(hintOf(unknown) && !isCleared(hintOf(unknown)!)).toBeFalsy();
    // Files with a route of their own (the assets, robots.txt) are never asked.
    const file = await t.app.inject({ url: '/robots.txt', cookies: { sid: 'x'.repeat(43) } });
    expect(file.headers['set-cookie']).toBeUndefined();

    const { client } = await registerUser(t.app);
    const sid = client.cookie('sid')!;
    const live = await t.app.inject({ url: '/pricing', cookies: { sid } });
    expect(hintOf(live)).toMatchObject({ value: '1', path: '/' });
    const hinted = await t.app.inject({
      url: '/pricing',
      cookies: { sid, [SESSION_HINT_COOKIE]: '1' },
    });
    expect(hinted.headers['set-cookie']).toBeUndefined();
  });

  it('is set by a sign-in over a stale hint: the new session wins over the stale hint', async () => {
    const { client, body } = await registerUser(t.app);
    expect(isCleared(hintOf(await client.post('/api/logout'))!)).toBe(true);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: body.username, password: body.password },
      cookies: { [SESSION_HINT_COOKIE]: '1' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.cookies.filter((c) => c.name === SESSION_HINT_COOKIE)).toEqual([
      expect.objectContaining({ value: '1', maxAge: t.config.sessionMaxDays * 86_400 }),
    ]);
  });
});
