import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { auditEvents, sessions, users } from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

const STEP_MS = 30_000;
const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
/** The code of the time step `steps` away from now. */
const codeAt = (secret: string, steps = 0) =>
  totp(secret).generate({ timestamp: Date.now() + steps * STEP_MS });
/** A 6-digit code that no nearby time step accepts. */
function wrongCode(secret: string) {
  const near = new Set([-3, -2, -1, 0, 1, 2, 3].map((steps) => codeAt(secret, steps)));
  return ['000000', '123456', '654321', '999999'].find((code) => !near.has(code))!;
}

describe('two-factor authentication (TOTP)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const userRow = async (id: number) =>
    (await t.app.services.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** A registered user with TOTP on; answers its secret and the step the enabling code used. */
  async function userWithMfa(username: string) {
    const registered = await registerUser(t.app, { username });
    const setup = await registered.client.post('/api/auth/mfa/setup');
    const { secret } = setup.json() as { secret: string };
    const enable = await registered.client.post('/api/auth/mfa/enable', {
      password: STRONG_PASSWORD,
      code: codeAt(secret),
    });
    expect(enable.statusCode).toBe(200);
    return { ...registered, secret };
  }

  it('records turning two-factor on and off in the audit log, in the same transaction', async () => {
    const { client, user, secret } = await userWithMfa('audited');
    const actions = async () =>
      (
        await t.app.services.db
          .select({ action: auditEvents.action })
          .from(auditEvents)
          .where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.targetType, 'user')))
      ).map((row) => row.action);
    expect(await actions()).toContain('user.mfa_enable');

    // When the audit entry cannot be written, the change it records does not happen either.
    const db = t.app.services.db;
    await db.execute(sql`
      create or replace function refuse_mfa_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await db.execute(sql`
      create trigger refuse_mfa_audit before insert on audit_events
      for each row when (new.action = 'user.mfa_disable') execute function refuse_mfa_audit()`);
    try {
      const refused = await client.post('/api/auth/mfa/disable', {
        password: STRONG_PASSWORD,
        code: codeAt(secret, 1),
      });
      expect(refused.statusCode).toBe(500);
      expect((await userRow(user.id)).totpEnabled).toBe(true);
    } finally {
      await db.execute(sql`drop trigger refuse_mfa_audit on audit_events`);
      await db.execute(sql`drop function refuse_mfa_audit()`);
    }
    const disabled = await client.post('/api/auth/mfa/disable', {
      password: STRONG_PASSWORD,
      code: codeAt(secret, 1),
    });
    expect(disabled.statusCode).toBe(200);
    expect((await userRow(user.id)).totpEnabled).toBe(false);
    expect(await actions()).toContain('user.mfa_disable');
  });

  it('sets up with a secret and an otpauth URI, stored sealed and not active until a code confirms it', async () => {
    const { client, user } = await registerUser(t.app, {
      username: 'setup-user',
      email: 'setup@example.com',
    });
    const setup = await client.post('/api/auth/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUri: expect.any(String),
    });
    const uri = new URL(body.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(uri.searchParams.get('issuer')).toBe('Alpenkube');
    expect(decodeURIComponent(uri.pathname)).toContain('setup@example.com');

    const row = await userRow(user.id);
    expect(row.totpEnabled).toBe(false);
    expect(row.totpSecret).toBeTruthy();
    expect(row.totpSecret).not.toContain(body.secret);
    expect((await client.get('/api/user')).json().mfaEnabled).toBe(false);

    // Signed out, there is nothing to set up.
    const anonymous = await new Client(t.app).post('/api/auth/mfa/setup');
    expect(anonymous.statusCode).toBe(401);
  });

  it('enables only with the password and a valid code', async () => {
    const { client, user } = await registerUser(t.app, { username: 'enabler' });
    const { secret } = (await client.post('/api/auth/mfa/setup')).json();

    // A session alone (a borrowed laptop, a stolen cookie) cannot tie the account to a phone.
    const withoutPassword = await client.post('/api/auth/mfa/enable', { code: codeAt(secret) });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().message).toMatch(/password/i);
    const wrongPassword = await client.post('/api/auth/mfa/enable', {
      password: 'not-my-password-at-all',
      code: codeAt(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'Your current password is not correct' });
    expect((await userRow(user.id)).totpEnabled).toBe(false);

    const wrong = await client.post('/api/auth/mfa/enable', {
      password: STRONG_PASSWORD,
      code: wrongCode(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: expect.any(String) });
    expect((await userRow(user.id)).totpEnabled).toBe(false);

    const malformed = await client.post('/api/auth/mfa/enable', {
      password: STRONG_PASSWORD,
      code: '12ab56',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await userRow(user.id)).totpEnabled).toBe(false);

    const right = await client.post('/api/auth/mfa/enable', {
      password: STRONG_PASSWORD,
      code: codeAt(secret),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ id: user.id, mfaEnabled: true });
    expect(right.body).not.toContain(secret);
    expect((await client.get('/api/user')).json().mfaEnabled).toBe(true);
    expect((await userRow(user.id)).totpEnabled).toBe(true);

    // A second set-up cannot silently replace the active secret.
    expect((await client.post('/api/auth/mfa/setup')).statusCode).toBe(409);
  });

  it('asks for a code after the password, and signs in only with a right one', async () => {
    const { user, secret } = await userWithMfa('mfa-login');
    const sessionCount = async () =>
      (await t.app.services.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const before = await sessionCount();

    const client = new Client(t.app);
    const login = await client.post('/api/login', {
      username: 'mfa-login',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ mfaRequired: true });
    expect(login.cookies.map((c) => c.name)).toEqual(['mfa_challenge']);
    expect(login.cookies[0]).toMatchObject({ httpOnly: true, path: '/api/login/mfa' });
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(401);
    expect(await sessionCount()).toBe(before);

    const wrong = await client.post('/api/login/mfa', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: expect.any(String) });
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await client.get('/api/user')).statusCode).toBe(401);

    // The enabling code used the current step; a code of the next one is new.
    const code = codeAt(secret, 1);
    const right = await client.post('/api/login/mfa', { code });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ id: user.id, username: 'mfa-login', mfaEnabled: true });
    expect(right.cookies.find((c) => c.name === 'sid')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await client.get('/api/user')).json().id).toBe(user.id);
    expect(await sessionCount()).toBe(before + 1);

    // The same code, seen once, does not sign in again.
    const thief = new Client(t.app);
    expect(
      (await thief.post('/api/login', { username: 'mfa-login', password: STRONG_PASSWORD })).json(),
    ).toEqual({
      mfaRequired: true,
    });
    const replay = await thief.post('/api/login/mfa', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await thief.get('/api/user')).statusCode).toBe(401);
    expect(await sessionCount()).toBe(before + 1);
  });

  it('slows down wrong codes for one account from one address, not the owner elsewhere', async () => {
    const { secret } = await userWithMfa('mfa-target');
    const signIn = async (ip: string) => {
      const client = new Client(t.app, { remoteAddress: ip });
      const login = await client.post('/api/login', {
        username: 'mfa-target',
        password: STRONG_PASSWORD,
      });
      expect(login.json()).toEqual({ mfaRequired: true });
      return client;
    };
    // The attacker knows the password, not the phone.
    const attacker = await signIn('10.7.0.66');
    for (let n = 1; n <= 5; n++) {
      const wrong = await attacker.post('/api/login/mfa', { code: wrongCode(secret) });
      expect(wrong.statusCode, `code ${n}`).toBe(401);
    }
    const slowed = await attacker.post('/api/login/mfa', { code: codeAt(secret, 1) });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ message: expect.stringMatching(/too many.*codes/i) });
    expect(Number(slowed.headers['retry-after'])).toBe(2);
    expect(slowed.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    const owner = await signIn('10.7.0.1');
    const right = await owner.post('/api/login/mfa', { code: codeAt(secret, 1) });
    expect(right.statusCode).toBe(200);
  });

  it('answers 401 on /api/login/mfa without the challenge cookie, even with a valid code', async () => {
    const { secret } = await userWithMfa('no-challenge');
    const client = new Client(t.app);
    const response = await client.post('/api/login/mfa', { code: codeAt(secret, 1) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('answers 401 for an unknown or expired challenge, and a code used once cannot turn TOTP off', async () => {
    const { client, secret } = await userWithMfa('replayer');
    const stranger = new Client(t.app);
    stranger.setCookie('mfa_challenge', 'x'.repeat(43));
    const garbage = await stranger.post('/api/login/mfa', { code: codeAt(secret, 1) });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ message: 'Your sign-in step expired. Sign in again.' });

    // The enabling code (this time step) was accepted once already.
    const replay = await client.post('/api/auth/mfa/disable', {
      password: STRONG_PASSWORD,
      code: codeAt(secret),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Invalid authentication code');
  });

  it('disables only with the password and a code; then the password alone signs in', async () => {
    const { client, user, secret } = await userWithMfa('disabler');

    const wrongPassword = await client.post('/api/auth/mfa/disable', {
      password: 'not-my-password-1',
      code: codeAt(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: expect.any(String) });
    expect((await userRow(user.id)).totpEnabled).toBe(true);

    const wrongCodeAnswer = await client.post('/api/auth/mfa/disable', {
      password: STRONG_PASSWORD,
      code: wrongCode(secret),
    });
    expect(wrongCodeAnswer.statusCode).toBe(400);
    expect((await userRow(user.id)).totpEnabled).toBe(true);

    const missingCode = await client.post('/api/auth/mfa/disable', { password: STRONG_PASSWORD });
    expect(missingCode.statusCode).toBe(400);
    expect((await userRow(user.id)).totpEnabled).toBe(true);

    const off = await client.post('/api/auth/mfa/disable', {
      password: STRONG_PASSWORD,
      code: codeAt(secret, 1),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: user.id, mfaEnabled: false });
    const row = await userRow(user.id);
    expect(row.totpEnabled).toBe(false);
    expect(row.totpSecret).toBeNull();
    expect((await client.get('/api/user')).json().mfaEnabled).toBe(false);

    const fresh = new Client(t.app);
    const login = await fresh.post('/api/login', {
      username: 'disabler',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: user.id, mfaEnabled: false });
    expect((await fresh.get('/api/user')).statusCode).toBe(200);
  });
});
