import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditEvents, rateLimitEvents, sessions, users } from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

const INVALID = { message: 'Invalid username or password' };

describe('POST /api/login and /api/logout', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const db = () => t.app.services.db;
  const sessionRows = (userId: number) =>
    db().select().from(sessions).where(eq(sessions.userId, userId));
  /** GET /api/user with nothing but this session cookie. */
  const userWithCookie = (value: string, app = t.app) =>
    app.inject({ method: 'GET', url: '/api/user', cookies: { sid: value } });

  it('signs in by username and by e-mail, both case-insensitive', async () => {
    const { user } = await registerUser(t.app, { username: 'alice', email: 'alice@example.com' });
    for (const username of ['alice', 'ALICE', 'alice@example.com', 'Alice@Example.COM']) {
      const client = new Client(t.app);
      const response = await client.post('/api/login', { username, password: STRONG_PASSWORD });
      expect(response.statusCode, username).toBe(200);
      expect(response.json()).toMatchObject({
        id: user.id,
        username: 'alice',
        email: 'alice@example.com',
      });
      expect(response.body).not.toMatch(/argon2|password/i);
      const cookie = response.cookies.find((c) => c.name === 'sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const me = await client.get('/api/user');
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(user.id);
    }
    // Registration's session plus one per sign-in above; only hashes are stored.
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.tokenHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('rotates the session cookie at sign-in: the old cookie stops working', async () => {
    const { client, user } = await registerUser(t.app, { username: 'rotator' });
    const before = client.cookie('sid')!;
    expect((await userWithCookie(before)).statusCode).toBe(200);

    const login = await client.post('/api/login', {
      username: 'rotator',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const after = client.cookie('sid')!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    const replay = await userWithCookie(before);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: expect.any(String) });
    expect((await userWithCookie(after)).statusCode).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  it('answers 401 with the same message for a wrong password and an unknown user, and signs nobody in', async () => {
    const { user } = await registerUser(t.app, { username: 'bob' });
    const client = new Client(t.app);
    const wrong = await client.post('/api/login', {
      username: 'bob',
      password: 'not-the-right-password',
    });
    const unknown = await client.post('/api/login', {
      username: 'nobody-here',
      password: STRONG_PASSWORD,
    });
    const unknownEmail = await client.post('/api/login', {
      username: 'nobody@example.com',
      password: STRONG_PASSWORD,
    });
    for (const response of [wrong, unknown, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID);
      expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    await registerUser(t.app, { username: 'carol' });
    const client = new Client(t.app);
    for (const body of [
      {},
      { username: 'carol' },
      { username: '', password: STRONG_PASSWORD },
      { username: 'carol', password: 42 },
      { username: 'carol', password: STRONG_PASSWORD, remember: true },
    ]) {
      const response = await client.post('/api/login', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
      expect(response.json().issues).toEqual(expect.any(Array));
    }
    // Registration counted its mail; no sign-in failure was counted.
    const signInEvents = await db()
      .select()
      .from(rateLimitEvents)
      .where(sql`${rateLimitEvents.bucket} like 'sign-in%'`);
    expect(signInEvents).toHaveLength(0);
    expect(await db().select().from(sessions)).toHaveLength(1);
  });

  /** Moves every rate-limit event back in time, as if that long had passed. */
  const waitSeconds = (seconds: number) =>
    db().execute(
      sql`update rate_limit_events set at = at - make_interval(secs => ${seconds}::double precision)`,
    );

  it('slows down wrong passwords for one account from one address, without locking the owner out elsewhere', async () => {
    const { user } = await registerUser(t.app, { username: 'victim' });
    const attacker = new Client(t.app, { remoteAddress: '10.0.0.66' });
    const guess = () =>
      attacker.post('/api/login', { username: 'victim', password: 'wrong-password-123' });

    // Five wrong passwords are answered at once.
    for (let n = 1; n <= 5; n++) expect((await guess()).statusCode, `guess ${n}`).toBe(401);

    // The sixth attempt has to wait 2 seconds, even with the right password.
    const slowed = await attacker.post('/api/login', {
      username: 'VICTIM',
      password: STRONG_PASSWORD,
    });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ message: expect.stringMatching(/too many.*try again in/i) });
    expect(Number(slowed.headers['retry-after'])).toBe(2);
    expect(slowed.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    // Meanwhile the owner, from their own address, signs in at once, by username and by e-mail.
    for (const username of ['victim', 'victim@example.com']) {
      const owner = await new Client(t.app, { remoteAddress: '10.0.0.1' }).post('/api/login', {
        username,
        password: STRONG_PASSWORD,
      });
      expect(owner.statusCode, username).toBe(200);
    }

    // After the wait, one more guess; the next wait doubles.
    await waitSeconds(3);
    expect((await guess()).statusCode).toBe(401);
    const doubled = await guess();
    expect(doubled.statusCode).toBe(429);
    expect(Number(doubled.headers['retry-after'])).toBe(4);

    // However many failures pile up, the wait never passes 15 minutes.
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: 30 }, () => ({
          bucket: 'sign-in-failure',
          key: 'user:victim|ip:10.0.0.66',
        })),
      );
    const capped = await guess();
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBe(900);
    expect(capped.json().message).toMatch(/15 minutes/);
    await waitSeconds(901);
    const afterWait = await attacker.post('/api/login', {
      username: 'victim',
      password: STRONG_PASSWORD,
    });
    expect(afterWait.statusCode).toBe(200);
    expect(afterWait.json().id).toBe(user.id);
  });

  it('forgets the delay after the right password from that address', async () => {
    await registerUser(t.app, { username: 'typo' });
    const client = new Client(t.app, { remoteAddress: '10.0.4.4' });
    for (let n = 1; n <= 5; n++) {
      await client.post('/api/login', { username: 'typo', password: 'wrong-password-123' });
    }
    await waitSeconds(3);
    expect(
      (await client.post('/api/login', { username: 'typo', password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    // A typo right after starts from nothing: answered at once.
    for (let n = 1; n <= 2; n++) {
      expect(
        (await client.post('/api/login', { username: 'typo', password: 'wrong-password-123' }))
          .statusCode,
      ).toBe(401);
    }
  });

  it('counts failures by e-mail and by username against the same account', async () => {
    await registerUser(t.app, { username: 'henry', email: 'henry@example.com' });
    const client = new Client(t.app, { remoteAddress: '10.0.1.1' });
    for (let n = 1; n <= 5; n++) {
      const username = n % 2 ? 'henry' : 'Henry@Example.com';
      expect(
        (await client.post('/api/login', { username, password: 'wrong-password-123' })).statusCode,
      ).toBe(401);
    }
    for (const username of ['henry', 'henry@example.com']) {
      const response = await client.post('/api/login', { username, password: STRONG_PASSWORD });
      expect(response.statusCode, username).toBe(429);
    }
  });

  it('answers 429 after 100 failed sign-ins from one IP in 15 minutes, whatever the usernames', async () => {
    await registerUser(t.app, { username: 'dave' });
    const ip = '10.1.2.3';
    // 99 failures over many accounts already happened (a hundred argon2 runs would be slow).
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: 99 }, () => ({ bucket: 'sign-in-failure-ip', key: `ip:${ip}` })),
      );
    const hundredth = await new Client(t.app, { remoteAddress: ip }).post('/api/login', {
      username: 'guess-100',
      password: 'wrong-password-123',
    });
    expect(hundredth.statusCode).toBe(401);
    const blocked = await new Client(t.app, { remoteAddress: ip }).post('/api/login', {
      username: 'dave',
      password: STRONG_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: expect.stringMatching(/your network/) });
    expect(blocked.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    // The same account from another address signs in: the ceiling is on the IP.
    const elsewhere = await new Client(t.app, { remoteAddress: '10.9.9.9' }).post('/api/login', {
      username: 'dave',
      password: STRONG_PASSWORD,
    });
    expect(elsewhere.statusCode).toBe(200);

    await waitSeconds(16 * 60);
    const later = await new Client(t.app, { remoteAddress: ip }).post('/api/login', {
      username: 'dave',
      password: STRONG_PASSWORD,
    });
    expect(later.statusCode).toBe(200);
  });

  it('logs out with 204, ending the session on the server', async () => {
    const { client, user } = await registerUser(t.app, { username: 'erin' });
    const token = client.cookie('sid')!;
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const response = await client.post('/api/logout');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared).toBeDefined();
    expect(
      cleared!.value === '' || (cleared!.expires && cleared!.expires.getTime() <= Date.now()),
    ).toBe(true);

    // A copy of the cookie kept elsewhere is worthless now.
    const replay = await userWithCookie(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: expect.any(String) });
    expect(await sessionRows(user.id)).toHaveLength(0);

    // Logging out again, signed out, is harmless.
    expect((await client.post('/api/logout')).statusCode).toBe(204);
  });

  it('refuses a disabled user with 403 and ends the sessions they had', async () => {
    const { client, user } = await registerUser(t.app, { username: 'frank' });
    expect((await client.get('/api/user')).statusCode).toBe(200); // the session is now cached

    await db().update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    await t.app.services.sessions.userChanged(db(), user.id);

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: expect.any(String) });
    expect(await sessionRows(user.id)).toHaveLength(0);

    const fresh = new Client(t.app);
    const login = await fresh.post('/api/login', { username: 'frank', password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: expect.stringMatching(/disabled/i) });
    expect(login.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await fresh.get('/api/user')).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);

    // A wrong password still answers 401, not 403: it reveals nothing without the password.
    const wrong = await fresh.post('/api/login', {
      username: 'frank',
      password: 'wrong-password-123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID);
  });

  it('writes audit events for a sign-in, a failed sign-in and a sign-out', async () => {
    const { user } = await registerUser(t.app, { username: 'grace' });
    const client = new Client(t.app, {
      remoteAddress: '10.4.4.4',
      headers: { 'user-agent': 'audit-test-agent' },
    });
    await client.post('/api/login', { username: 'grace', password: 'wrong-password-123' });
    await client.post('/api/login', { username: 'ghost', password: 'wrong-password-123' });
    await client.post('/api/login', { username: 'grace', password: STRONG_PASSWORD });
    await client.post('/api/logout');

    const rows = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.ip, '10.4.4.4')))
      .orderBy(auditEvents.id);
    expect(rows.map((r) => [r.action, r.outcome, r.actorUserId])).toEqual([
      ['auth.sign_in', 'failure', user.id],
      ['auth.sign_in', 'failure', null],
      ['auth.sign_in', 'success', user.id],
      ['auth.sign_out', 'success', user.id],
    ]);
    expect(rows[0]!.details).toMatchObject({ reason: 'wrong_password' });
    // A known person is named by id only: the trail cannot be changed by an erasure.
    expect(rows[0]!.details).not.toHaveProperty('username');
    // Nor is a typed unknown name kept: it may be the address of someone who registers later.
    expect(rows[1]!.details).toEqual({ method: 'password', reason: 'unknown_user' });
    expect(rows[2]!.details).toMatchObject({ method: 'password' });
    expect(rows[2]!.userAgent).toBe('audit-test-agent');
    // No password, right or wrong, is ever written to the audit log.
    expect(JSON.stringify(rows)).not.toMatch(/wrong-password-123|correct-horse/);
  });
});
