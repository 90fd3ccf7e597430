import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { authTokens, notifications, outgoingMail, sessions, users } from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  lastMailTo,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

const NEW_PASSWORD = 'a-brand-new-passphrase-77';
const ALREADY_USED = 'This link was already used. Request a new one.';
const EXPIRED = 'This link has expired. Request a new one.';

describe('mailed links: verification, password reset, magic link', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const db = () => t.app.services.db;
  const mailsTo = (to: string) => db().select().from(outgoingMail).where(eq(outgoingMail.to, to));
  const tokenRow = async (
    userId: number,
    purpose: 'verify_email' | 'reset_password' | 'magic_link',
  ) =>
    (
      await db()
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose)))
    )[0]!;
  const login = (username: string, password: string) =>
    new Client(t.app).post('/api/login', { username, password });
  const expectAbout = (date: Date, msFromNow: number) =>
    expect(Math.abs(date.getTime() - (Date.now() + msFromNow))).toBeLessThan(60_000);

  describe('e-mail verification', () => {
    it('mails a new link on request; the link verifies and writes a success notification', async () => {
      const { client, user } = await registerUser(t.app, {
        username: 'vera',
        email: 'vera@example.com',
      });
      const first = await lastMailTo(t.app, 'vera@example.com');

      const resend = await new Client(t.app).post('/api/auth/resend-verification', {
        email: 'Vera@Example.com',
      });
      expect(resend.statusCode).toBe(200);
      expect(resend.json()).toEqual({ message: expect.any(String) });
      expect(await mailsTo('vera@example.com')).toHaveLength(2);
      const { link, token } = await lastMailTo(t.app, 'vera@example.com');
      expect(link).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
      expect(token).not.toBe(first.token);
      // Only the newest link works.
      const stale = await new Client(t.app).post('/api/auth/verify-email', { token: first.token });
      expect(stale.statusCode).toBe(400);

      expect((await client.get('/api/user')).json().emailVerified).toBe(false);
      const verify = await new Client(t.app).post('/api/auth/verify-email', { token });
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toMatchObject({ id: user.id, emailVerified: true });
      // The signed-in session sees it at once (its cached user was dropped).
      expect((await client.get('/api/user')).json().emailVerified).toBe(true);
      const notes = await client.get('/api/notifications');
      expect(notes.json()[0]).toMatchObject({
        type: 'success',
        read: false,
        message: expect.stringMatching(/verified/i),
      });

      const reuse = await new Client(t.app).post('/api/auth/verify-email', { token });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({ message: ALREADY_USED });
      const successNotes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'success')));
      expect(successNotes).toHaveLength(1);
    });

    it('sends nothing for an unknown address, with the same answer', async () => {
      await registerUser(t.app, { username: 'known', email: 'known@example.com' });
      const mailsBefore = (await db().select().from(outgoingMail)).length;
      const response = await new Client(t.app).post('/api/auth/resend-verification', {
        email: 'nobody@example.com',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await db().select().from(outgoingMail)).toHaveLength(mailsBefore);
    });

    it('refuses an expired link and a garbage token with 400, verifying nothing', async () => {
      const { user } = await registerUser(t.app, { username: 'late', email: 'late@example.com' });
      const { token } = await lastMailTo(t.app, 'late@example.com');
      expectAbout((await tokenRow(user.id, 'verify_email')).expiresAt, 24 * 3_600_000);
      await db()
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(authTokens.userId, user.id));

      const expired = await new Client(t.app).post('/api/auth/verify-email', { token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: EXPIRED });

      for (const garbage of ['x'.repeat(43), 'short', token.slice(0, -2) + 'zz']) {
        const response = await new Client(t.app).post('/api/auth/verify-email', { token: garbage });
        expect(response.statusCode, garbage).toBe(400);
        expect(response.json().message).toEqual(expect.any(String));
      }
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row!.emailVerified).toBe(false);
      expect(
        await db().select().from(notifications).where(eq(notifications.type, 'success')),
      ).toHaveLength(0);
    });
  });

  describe('password reset', () => {
    it('answers the same for a known and an unknown address, and mails only the known one', async () => {
      await registerUser(t.app, { username: 'rita', email: 'rita@example.com' });
      const allMail = async () => db().select().from(outgoingMail);
      const before = (await allMail()).length;

      const known = await new Client(t.app).post('/api/auth/forgot-password', {
        email: 'rita@example.com',
      });
      const unknown = await new Client(t.app).post('/api/auth/forgot-password', {
        email: 'ghost@example.com',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({ message: expect.any(String) });

      const after = await allMail();
      expect(after).toHaveLength(before + 1);
      expect(await mailsTo('ghost@example.com')).toHaveLength(0);
      const { mail, link } = await lastMailTo(t.app, 'rita@example.com');
      expect(mail.subject).toMatch(/reset/i);
      expect(link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    });

    it('changes the password with the mailed token, ends every session, and works once', async () => {
      const { client, user } = await registerUser(t.app, {
        username: 'reset-me',
        email: 'reset@example.com',
      });
      const second = new Client(t.app);
      expect(
        (await second.post('/api/login', { username: 'reset-me', password: STRONG_PASSWORD }))
          .statusCode,
      ).toBe(200);
      expect((await client.get('/api/user')).statusCode).toBe(200);
      expect((await second.get('/api/user')).statusCode).toBe(200);

      await new Client(t.app).post('/api/auth/forgot-password', { email: 'reset@example.com' });
      const { token } = await lastMailTo(t.app, 'reset@example.com');
      expectAbout((await tokenRow(user.id, 'reset_password')).expiresAt, 3_600_000);

      const reset = await new Client(t.app).post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: expect.any(String) });
      expect(reset.cookies.find((c) => c.name === 'sid')).toBeUndefined();

      expect((await client.get('/api/user')).statusCode).toBe(401);
      expect((await second.get('/api/user')).statusCode).toBe(401);
      expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
        0,
      );

      const old = await login('reset-me', STRONG_PASSWORD);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ message: 'Invalid username or password' });
      expect((await login('reset-me', NEW_PASSWORD)).statusCode).toBe(200);

      const again = await new Client(t.app).post('/api/auth/reset-password', {
        token,
        password: 'yet-another-passphrase-9',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: ALREADY_USED });
      expect((await login('reset-me', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an expired reset token', async () => {
      const { user } = await registerUser(t.app, { username: 'slow', email: 'slow@example.com' });
      await new Client(t.app).post('/api/auth/forgot-password', { email: 'slow@example.com' });
      const { token } = await lastMailTo(t.app, 'slow@example.com');
      // An hour and a minute later.
      await db()
        .update(authTokens)
        .set({ expiresAt: sql`${authTokens.expiresAt} - interval '61 minutes'` })
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'reset_password')));
      const response = await new Client(t.app).post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: EXPIRED });
      expect((await login('slow', STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a weak new password with 400 and changes nothing', async () => {
      const { client, user } = await registerUser(t.app, {
        username: 'weakling',
        email: 'weak@example.com',
      });
      await new Client(t.app).post('/api/auth/forgot-password', { email: 'weak@example.com' });
      const { token } = await lastMailTo(t.app, 'weak@example.com');

      for (const password of [
        'short-pw',
        'password12345678',
        'aaaaaaaaaaaaaaaa',
        'weakling-is-my-name',
      ]) {
        const response = await new Client(t.app).post('/api/auth/reset-password', {
          token,
          password,
        });
        expect(response.statusCode, password).toBe(400);
        expect(response.json().message).toEqual(expect.any(String));
      }
      // The old password, the session and the link all still work.
      expect((await client.get('/api/user')).statusCode).toBe(200);
      expect((await tokenRow(user.id, 'reset_password')).usedAt).toBeNull();
      expect((await login('weakling', STRONG_PASSWORD)).statusCode).toBe(200);
      const good = await new Client(t.app).post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
      });
      expect(good.statusCode).toBe(200);
    });
  });

  describe('magic link', () => {
    it('mails a 15-minute link that signs in once', async () => {
      const { user } = await registerUser(t.app, { username: 'magda', email: 'magda@example.com' });
      const request = await new Client(t.app).post('/api/auth/magic-link', {
        email: 'magda@example.com',
      });
      expect(request.statusCode).toBe(200);
      expect(request.json()).toEqual({ message: expect.any(String) });
      const { mail, link, token } = await lastMailTo(t.app, 'magda@example.com');
      expect(mail.subject).toMatch(/sign-in/i);
      expect(link).toMatch(/\/magic-link\?token=[A-Za-z0-9_-]{43}$/);
      expectAbout((await tokenRow(user.id, 'magic_link')).expiresAt, 15 * 60_000);

      const browser = new Client(t.app);
      const signIn = await browser.post('/api/auth/magic-link/verify', { token });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json()).toMatchObject({ id: user.id, username: 'magda' });
      expect(browser.cookie('sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await browser.get('/api/user')).json().id).toBe(user.id);

      const other = new Client(t.app);
      const reuse = await other.post('/api/auth/magic-link/verify', { token });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({ message: ALREADY_USED });
      expect(reuse.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      expect((await other.get('/api/user')).statusCode).toBe(401);
    });

    it('does not sign in after 15 minutes', async () => {
      const { user } = await registerUser(t.app, { username: 'tardy', email: 'tardy@example.com' });
      await new Client(t.app).post('/api/auth/magic-link', { email: 'tardy@example.com' });
      const { token } = await lastMailTo(t.app, 'tardy@example.com');
      await db()
        .update(authTokens)
        .set({ expiresAt: sql`${authTokens.expiresAt} - interval '16 minutes'` })
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'magic_link')));
      const browser = new Client(t.app);
      const response = await browser.post('/api/auth/magic-link/verify', { token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: EXPIRED });
      expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    });

    it('mails nothing for an unknown address, with the same answer', async () => {
      await registerUser(t.app, { username: 'someone', email: 'someone@example.com' });
      const known = await new Client(t.app).post('/api/auth/magic-link', {
        email: 'someone@example.com',
      });
      const before = (await db().select().from(outgoingMail)).length;
      const unknown = await new Client(t.app).post('/api/auth/magic-link', {
        email: 'ghost@example.com',
      });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(await db().select().from(outgoingMail)).toHaveLength(before);
    });

    it('asks for the second factor when the user has TOTP on', async () => {
      const { client, user } = await registerUser(t.app, {
        username: 'guarded',
        email: 'guarded@example.com',
      });
      const { secret } = (await client.post('/api/auth/mfa/setup')).json();
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
      expect(
        (
          await client.post('/api/auth/mfa/enable', {
            password: STRONG_PASSWORD,
            code: totp.generate(),
          })
        ).statusCode,
      ).toBe(200);

      await new Client(t.app).post('/api/auth/magic-link', { email: 'guarded@example.com' });
      const { token } = await lastMailTo(t.app, 'guarded@example.com');
      const browser = new Client(t.app);
      const response = await browser.post('/api/auth/magic-link/verify', { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ mfaRequired: true });
      expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      expect((await browser.get('/api/user')).statusCode).toBe(401);

      const finish = await browser.post('/api/login/mfa', {
        code: totp.generate({ timestamp: Date.now() + 30_000 }),
      });
      expect(finish.statusCode).toBe(200);
      expect(finish.json().id).toBe(user.id);
    });
  });

  describe('links follow the configured origin, never the request', () => {
    const askForReset = (app: TestApp['app'], headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'hosted@example.com' },
        headers,
      });

    it('mails a reset link on the default development origin whatever the Host header says', async () => {
      await registerUser(t.app, { username: 'hosted', email: 'hosted@example.com' });
      const response = await askForReset(t.app, { host: 'evil.example' });
      expect(response.statusCode).toBe(200);
      const { link } = await lastMailTo(t.app, 'hosted@example.com');
      expect(new URL(link).origin).toBe('http://localhost:5000');
    });

    it('uses PUBLIC_URL behind a trusted proxy, ignoring X-Forwarded-Host, in mails, the sitemap and robots.txt', async () => {
      const proxied = await createTestApp({
        env: { PUBLIC_URL: 'https://cloud.alpenkube.test/', TRUST_PROXY: '1' },
      });
      try {
        await registerUser(proxied.app, { username: 'hosted', email: 'hosted@example.com' });
        const forged = {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        };
        expect((await askForReset(proxied.app, forged)).statusCode).toBe(200);
        const { link } = await lastMailTo(proxied.app, 'hosted@example.com');
        expect(link).toMatch(/^https:\/\/cloud\.alpenkube\.test\/reset-password\?token=/);
        // The verification link mailed at registration follows the same rule.
        const verification = (await mailsTo('hosted@example.com')).find((m) =>
          m.text.includes('/verify-email?token='),
        );
        expect(verification?.text).toContain('https://cloud.alpenkube.test/verify-email?token=');

        for (const url of ['/robots.txt', '/sitemap.xml', '/llms.txt']) {
          const page = await proxied.app.inject({ method: 'GET', url, headers: forged });
          expect(page.statusCode, url).toBe(200);
          expect(page.body, url).not.toContain('evil.example');
        }
        const robots = await proxied.app.inject({
          method: 'GET',
          url: '/robots.txt',
          headers: forged,
        });
        expect(robots.body).toContain('Sitemap: https://cloud.alpenkube.test/sitemap.xml');
      } finally {
        await proxied.close();
      }
    });
  });

  describe('rate limit on mail-sending calls', () => {
    const calls = [
      '/api/auth/forgot-password',
      '/api/auth/magic-link',
      '/api/auth/resend-verification',
    ];

    it('answers 429 after 5 mails to one address within 15 minutes, and sends nothing more', async () => {
      // Registration mailed the verification link: the first of the five.
      await registerUser(t.app, { username: 'spammed', email: 'spammed@example.com' });
      await registerUser(t.app, { username: 'calm', email: 'calm@example.com' });
      // From four addresses: only the e-mail is in common.
      for (let n = 0; n < 4; n++) {
        const client = new Client(t.app, { remoteAddress: `10.2.0.${n + 1}` });
        const response = await client.post(calls[n % 3]!, { email: 'spammed@example.com' });
        expect(response.statusCode, `call ${n + 1}`).toBe(200);
      }
      const mails = (await mailsTo('spammed@example.com')).length;
      for (const [n, url] of calls.entries()) {
        const response = await new Client(t.app, { remoteAddress: `10.2.1.${n}` }).post(url, {
          email: 'SPAMMED@example.com',
        });
        expect(response.statusCode, url).toBe(429);
        expect(response.json()).toEqual({ message: expect.stringMatching(/too many/i) });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await mailsTo('spammed@example.com')).toHaveLength(mails);

      // Another address is not affected.
      const calm = await new Client(t.app, { remoteAddress: '10.2.2.1' }).post(
        '/api/auth/magic-link',
        { email: 'calm@example.com' },
      );
      expect(calm.statusCode).toBe(200);

      await db().execute(sql`update rate_limit_events set at = at - interval '16 minutes'`);
      const later = await new Client(t.app, { remoteAddress: '10.2.3.1' }).post(
        '/api/auth/magic-link',
        { email: 'spammed@example.com' },
      );
      expect(later.statusCode).toBe(200);
      expect(await mailsTo('spammed@example.com')).toHaveLength(mails + 1);
    });

    it('answers 429 after MAIL_LIMIT_PER_IP calls from one IP, whatever the addresses', async () => {
      const limited = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '6' } });
      try {
        const ip = '10.3.3.3';
        for (let n = 0; n < 6; n++) {
          const response = await new Client(limited.app, { remoteAddress: ip }).post(
            calls[n % 3]!,
            { email: `someone${n}@example.com` },
          );
          expect(response.statusCode).toBe(200);
        }
        const blocked = await new Client(limited.app, { remoteAddress: ip }).post(
          '/api/auth/forgot-password',
          { email: 'fresh@example.com' },
        );
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual({ message: expect.stringMatching(/your network/) });
        const elsewhere = await new Client(limited.app, { remoteAddress: '10.3.3.4' }).post(
          '/api/auth/forgot-password',
          { email: 'fresh@example.com' },
        );
        expect(elsewhere.statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('puts no name the registration chose into mails to the address', async () => {
      await registerUser(t.app, {
        username: 'namer',
        email: 'stranger@example.com',
        name: 'Click http://spam.example now',
      });
      for (const url of calls) {
        await new Client(t.app).post(url, { email: 'stranger@example.com' });
      }
      const mails = await mailsTo('stranger@example.com');
      expect(mails.length).toBeGreaterThanOrEqual(2);
      for (const mail of mails) {
        expect(mail.text).not.toContain('spam.example');
        expect(mail.text).not.toContain('namer');
      }
    });
  });
});
