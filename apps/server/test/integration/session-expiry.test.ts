import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/db/schema.ts';
import { CACHED_SESSION_MS } from '../../src/modules/sessions/session-store.ts';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Only Date is faked: timers and the database's own clock keep running, so queries still work
 * while the server believes days have passed.
 */
describe('session lifetime', () => {
  let t: TestApp;
  let now: number;
  beforeEach(async () => {
    t = await createTestApp();
    now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const advance = (ms: number) => vi.setSystemTime((now += ms));
  const idleMs = () => t.config.sessionIdleHours * HOUR;
  const maxAgeMs = () => t.config.sessionMaxDays * DAY;

  it('ends a session left idle for the idle limit, and not a minute before', async () => {
    const { client } = await registerUser(t.app, { username: 'idler' });
    advance(idleMs() - 60_000);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    advance(idleMs());
    const response = await client.get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await t.app.services.db.select().from(sessions)).toHaveLength(0);
  });

  it('ends a session at its absolute limit, however active it stays', async () => {
    const { client } = await registerUser(t.app, { username: 'busy' });
    const step = Math.min(idleMs() / 2, DAY);
    let elapsed = 0;
    while (elapsed + step < maxAgeMs()) {
      advance(step);
      elapsed += step;
      expect((await client.get('/api/user')).statusCode, `after ${elapsed / HOUR} h`).toBe(200);
    }
    advance(maxAgeMs() - elapsed);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('re-reads a cached session from the database once a minute, whatever it heard', async () => {
    const { client, user } = await registerUser(t.app, { username: 'cached' });
    expect((await client.get('/api/user')).statusCode).toBe(200);
    // Deleted behind the server's back: no NOTIFY, as when the LISTEN connection was down.
    await t.app.services.db.delete(sessions).where(eq(sessions.userId, user.id));
    advance(CACHED_SESSION_MS - 1000);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    advance(1000);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});
