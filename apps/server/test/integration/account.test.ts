import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userSchema } from '@alpenkube/contract';
import { auditEvents, outgoingMail, sessions, users } from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  lastMailTo,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';
import { clusterOrderer, orderCluster } from '../support/clusters.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const NEW_PASSWORD = 'a-brand-new-passphrase-77';

describe("the signed-in user's account", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const db = () => t.app.services.db;
  const userRow = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const sessionRows = (userId: number) =>
    db().select().from(sessions).where(eq(sessions.userId, userId));
  const signIn = async (
    username: string,
    defaults: ConstructorParameters<typeof Client>[1] = {},
  ) => {
    const client = new Client(t.app, defaults);
    const response = await client.post('/api/login', { username, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(200);
    return client;
  };

  describe('GET /api/user', () => {
    it("answers exactly the contract's user fields, never a hash or a secret", async () => {
      const { client, user } = await registerUser(t.app, {
        username: 'fields',
        name: 'Field Tester',
        companyName: 'Fields Ltd',
      });
      const { secret } = (await client.post('/api/auth/mfa/setup')).json();
      const response = await client.get('/api/user');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(Object.keys(userSchema.shape).sort());
      expect(userSchema.strict().parse(body)).toEqual(body);
      expect(body).toMatchObject({
        id: user.id,
        username: 'fields',
        email: 'fields@example.com',
        name: 'Field Tester',
        companyName: 'Fields Ltd',
        role: 'admin',
        emailVerified: false,
        mfaEnabled: false,
        status: 'active',
      });
      const row = await userRow(user.id);
      expect(response.body).not.toContain(row.passwordHash);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toMatch(/argon2|hash|totp|secret|officer|organizationId/i);
    });

    it('answers 401 {message} when signed out or with an unknown cookie', async () => {
      const anonymous = await new Client(t.app).get('/api/user');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: expect.any(String) });
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        cookies: { sid: 'A'.repeat(43) },
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('PATCH /api/user', () => {
    it('updates the name and e-mail; a new e-mail has to be verified again', async () => {
      const { client, user } = await registerUser(t.app, {
        username: 'mover',
        email: 'mover@example.com',
      });
      const { token } = await lastMailTo(t.app, 'mover@example.com');
      expect((await new Client(t.app).post('/api/auth/verify-email', { token })).statusCode).toBe(
        200,
      );

      const sameMail = await client.patch('/api/user', {
        name: 'Moving Person',
        email: 'mover@example.com',
      });
      expect(sameMail.statusCode).toBe(200);
      expect(sameMail.json()).toMatchObject({
        name: 'Moving Person',
        email: 'mover@example.com',
        emailVerified: true,
      });

      const moved = await client.patch('/api/user', {
        name: '  Moved  ',
        email: 'New.Home@Example.org',
        currentPassword: STRONG_PASSWORD,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        id: user.id,
        name: 'Moved',
        email: 'new.home@example.org',
        emailVerified: false,
      });
      expect((await client.get('/api/user')).json()).toMatchObject({
        email: 'new.home@example.org',
        emailVerified: false,
      });
      // The new address gets its own verification link, which verifies it.
      const { token: newToken } = await lastMailTo(t.app, 'new.home@example.org');
      expect(
        (await new Client(t.app).post('/api/auth/verify-email', { token: newToken })).statusCode,
      ).toBe(200);
      expect((await client.get('/api/user')).json().emailVerified).toBe(true);
      await t.app.services.db
        .update(users)
        .set({ emailVerified: false })
        .where(eq(users.id, user.id));
      await t.app.services.db.transaction((tx) => t.app.services.sessions.userChanged(tx, user.id));
      expect(await userRow(user.id)).toMatchObject({
        name: 'Moved',
        email: 'new.home@example.org',
        emailVerified: false,
      });

      // The new address now signs in; the old one does not.
      expect(
        (
          await new Client(t.app).post('/api/login', {
            username: 'new.home@example.org',
            password: STRONG_PASSWORD,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await new Client(t.app).post('/api/login', {
            username: 'mover@example.com',
            password: STRONG_PASSWORD,
          })
        ).statusCode,
      ).toBe(401);

      const cleared = await client.patch('/api/user', {
        name: null,
        email: 'new.home@example.org',
      });
      expect(cleared.json().name).toBeNull();
    });

    it('asks for the current password to change the e-mail, and tells the old address', async () => {
      const { client, user } = await registerUser(t.app, {
        username: 'careful',
        email: 'careful@example.com',
        name: 'Visit spam.example',
      });
      const mailsBefore = (await db().select().from(outgoingMail)).length;
      const change = { name: 'Careful', email: 'taken-over@example.org' };
      const withoutPassword = await client.patch('/api/user', change);
      expect(withoutPassword.statusCode).toBe(400);
      expect(withoutPassword.json()).toEqual({
        message: 'Enter your current password to change your e-mail address',
      });
      const wrongPassword = await client.patch('/api/user', {
        ...change,
        currentPassword: 'not-my-password-at-all',
      });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual({ message: 'Your current password is not correct' });
      expect(await userRow(user.id)).toMatchObject({
        email: 'careful@example.com',
        name: 'Visit spam.example',
      });
      expect(await db().select().from(outgoingMail)).toHaveLength(mailsBefore);

      // The name alone needs no password.
      expect(
        (await client.patch('/api/user', { name: 'Careful', email: 'careful@example.com' }))
          .statusCode,
      ).toBe(200);

      const moved = await client.patch('/api/user', {
        ...change,
        currentPassword: STRONG_PASSWORD,
      });
      expect(moved.statusCode).toBe(200);
      const { mail: notice } = await lastMailTo(t.app, 'careful@example.com');
      expect(notice.subject).toMatch(/e-mail address .* was changed/);
      // Nothing the requester typed: not the new address, not the name.
      expect(notice.text).not.toMatch(/taken-over|Careful|spam\.example/);
      const { mail: verification } = await lastMailTo(t.app, 'taken-over@example.org');
      expect(verification.text).toContain('/verify-email?token=');
      expect(verification.text).not.toMatch(/Careful|careful/);
    });

    it("answers 409 for another account's e-mail and changes nothing", async () => {
      await registerUser(t.app, { username: 'owner', email: 'owner@example.com' });
      const { client, user } = await registerUser(t.app, {
        username: 'grabber',
        email: 'grabber@example.com',
      });
      const response = await client.patch('/api/user', {
        name: 'Grabber',
        email: 'OWNER@example.com',
        currentPassword: STRONG_PASSWORD,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: expect.stringMatching(/e-mail/) });
      expect(await userRow(user.id)).toMatchObject({ name: null, email: 'grabber@example.com' });
    });

    it('answers 409, never 500, when two accounts race for one new e-mail', async () => {
      const one = await registerUser(t.app, { username: 'racer-one' });
      const two = await registerUser(t.app, { username: 'racer-two' });
      for (let round = 0; round < 3; round++) {
        const email = `prize${round}@example.com`;
        const change = { name: null, email, currentPassword: STRONG_PASSWORD };
        const answers = await Promise.all([
          one.client.patch('/api/user', change),
          two.client.patch('/api/user', change),
        ]);
        expect(
          answers.map((r) => r.statusCode).sort(),
          answers.map((r) => r.body).join(' '),
        ).toEqual([200, 409]);
        expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
      }
    });

    it('refuses bad input and the signed-out with 400 and 401', async () => {
      const { client, user } = await registerUser(t.app, { username: 'badinput' });
      for (const body of [
        { name: 'x', email: 'not-an-email' },
        { name: 'x' },
        { name: 'x', email: 'a@example.com', role: 'super_admin' },
      ]) {
        const response = await client.patch('/api/user', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().issues).toEqual(expect.any(Array));
      }
      expect(await userRow(user.id)).toMatchObject({
        role: 'admin',
        email: 'badinput@example.com',
        name: null,
      });
      const anonymous = await new Client(t.app).patch('/api/user', {
        name: 'x',
        email: 'a@example.com',
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/password', () => {
    it('refuses a wrong current password with 400 and changes nothing', async () => {
      const { client, user } = await registerUser(t.app, { username: 'careful' });
      const other = await signIn('careful');
      const hashBefore = (await userRow(user.id)).passwordHash;
      const response = await client.put('/api/user/password', {
        currentPassword: 'not-my-password-1',
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect((await userRow(user.id)).passwordHash).toBe(hashBefore);
      expect((await other.get('/api/user')).statusCode).toBe(200);
      const weak = await client.put('/api/user/password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'password12345678',
      });
      expect(weak.statusCode).toBe(400);
      expect((await userRow(user.id)).passwordHash).toBe(hashBefore);
      const audits = await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'user.password_change'));
      expect(audits).toHaveLength(0);
    });

    it('changes it with 204: other sessions end, this one stays, and the change is audited', async () => {
      const { client, user } = await registerUser(t.app, { username: 'changer' });
      const other = await signIn('changer');
      const response = await client.put('/api/user/password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect((await client.get('/api/user')).statusCode).toBe(200);
      expect((await other.get('/api/user')).statusCode).toBe(401);
      expect(await sessionRows(user.id)).toHaveLength(1);

      expect(
        (
          await new Client(t.app).post('/api/login', {
            username: 'changer',
            password: STRONG_PASSWORD,
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await new Client(t.app).post('/api/login', {
            username: 'changer',
            password: NEW_PASSWORD,
          })
        ).statusCode,
      ).toBe(200);

      const audits = await db()
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'user.password_change'), eq(auditEvents.actorUserId, user.id)),
        );
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ outcome: 'success', targetId: String(user.id) });
      expect(JSON.stringify(audits)).not.toContain(NEW_PASSWORD);
    });
  });

  describe('sessions', () => {
    it('lists only your own sessions, with device, IP and which one is current', async () => {
      const { user } = await registerUser(t.app, { username: 'multi' });
      const mac = await signIn('multi', {
        headers: { 'user-agent': CHROME_MAC },
        remoteAddress: '10.5.5.1',
      });
      await signIn('multi', {
        headers: { 'user-agent': FIREFOX_WINDOWS },
        remoteAddress: '10.5.5.2',
      });
      const stranger = await registerUser(t.app, { username: 'stranger' });
      await signIn('stranger', { remoteAddress: '10.6.6.6' });

      const response = await mac.get('/api/auth/sessions');
      expect(response.statusCode).toBe(200);
      const list = response.json() as {
        id: number;
        device: string;
        ip: string | null;
        current: boolean;
        createdAt: string;
        lastSeenAt: string;
      }[];
      const own = (await sessionRows(user.id)).map((row) => row.id).sort();
      expect(list.map((s) => s.id).sort()).toEqual(own);
      expect(list).toHaveLength(3);
      expect(list.filter((s) => s.current)).toHaveLength(1);
      expect(list.find((s) => s.current)).toMatchObject({
        device: 'Chrome on macOS',
        ip: '10.5.5.1',
      });
      expect(list.find((s) => s.ip === '10.5.5.2')).toMatchObject({
        device: 'Firefox on Windows',
        current: false,
      });
      for (const s of list) {
        expect(Object.keys(s).sort()).toEqual([
          'createdAt',
          'current',
          'device',
          'id',
          'ip',
          'lastSeenAt',
        ]);
        expect(new Date(s.lastSeenAt).getTime()).not.toBeNaN();
      }
      expect(response.body).not.toContain('10.6.6.6');
      expect(response.body).not.toMatch(/token/i);
      const strangerIds = (await sessionRows(stranger.user.id)).map((row) => row.id);
      for (const id of strangerIds) expect(list.map((s) => s.id)).not.toContain(id);

      expect((await new Client(t.app).get('/api/auth/sessions')).statusCode).toBe(401);
    });

    it('ends one session by id; that cookie stops working', async () => {
      const { client, user } = await registerUser(t.app, { username: 'revoker' });
      const laptop = await signIn('revoker', { remoteAddress: '10.7.7.7' });
      const laptopSession = (await laptop.get('/api/auth/sessions'))
        .json()
        .find((s: { current: boolean }) => s.current);

      const response = await client.delete(`/api/auth/sessions/${laptopSession.id}`);
      expect(response.statusCode).toBe(204);
      expect((await laptop.get('/api/user')).statusCode).toBe(401);
      expect((await client.get('/api/user')).statusCode).toBe(200);
      expect((await sessionRows(user.id)).map((row) => row.id)).not.toContain(laptopSession.id);

      const again = await client.delete(`/api/auth/sessions/${laptopSession.id}`);
      expect(again.statusCode).toBe(404);
    });

    it("answers 404 for another user's session id and ends nothing", async () => {
      const { client } = await registerUser(t.app, { username: 'attacker' });
      const victim = await registerUser(t.app, { username: 'target' });
      expect((await victim.client.get('/api/user')).statusCode).toBe(200);
      const [victimSession] = await sessionRows(victim.user.id);

      const response = await client.delete(`/api/auth/sessions/${victimSession!.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect((await victim.client.get('/api/user')).statusCode).toBe(200);
      expect(await sessionRows(victim.user.id)).toHaveLength(1);

      expect((await client.delete('/api/auth/sessions/not-a-number')).statusCode).toBe(400);
      expect((await client.delete('/api/auth/sessions/99999999999')).statusCode).toBe(400);
      expect(
        (await new Client(t.app).delete(`/api/auth/sessions/${victimSession!.id}`)).statusCode,
      ).toBe(401);
      expect(await sessionRows(victim.user.id)).toHaveLength(1);
    });

    it('revokes every other session and answers how many', async () => {
      const { client, user } = await registerUser(t.app, { username: 'cleaner' });
      const others = [await signIn('cleaner'), await signIn('cleaner'), await signIn('cleaner')];
      const bystander = await registerUser(t.app, { username: 'bystander' });

      const response = await client.post('/api/auth/sessions/revoke-others');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ revoked: 3 });
      for (const other of others) expect((await other.get('/api/user')).statusCode).toBe(401);
      expect((await client.get('/api/user')).statusCode).toBe(200);
      expect(await sessionRows(user.id)).toHaveLength(1);
      expect((await bystander.client.get('/api/user')).statusCode).toBe(200);

      expect((await client.post('/api/auth/sessions/revoke-others')).json()).toEqual({
        revoked: 0,
      });
    });
  });
  describe('POST /api/user/delete', () => {
    const remove = (client: Client, body: object) => client.post('/api/user/delete', body);

    it('erases the account with the password and username again, and ends every session', async () => {
      const { client, user } = await registerUser(t.app, { username: 'leaver' });
      const other = await signIn('leaver');

      const wrongName = await remove(client, {
        password: STRONG_PASSWORD,
        confirmation: 'leaverx',
      });
      expect(wrongName.statusCode).toBe(400);
      expect(wrongName.json<{ message: string }>().message).toBe(
        'The confirmation does not match your username',
      );
      const wrongPassword = await remove(client, { password: 'not-it', confirmation: 'leaver' });
      expect(wrongPassword.statusCode).toBe(403);
      expect((await userRow(user.id)).erasedAt).toBeNull();

      const done = await remove(client, { password: STRONG_PASSWORD, confirmation: ' leaver ' });
      expect(done.statusCode, done.body).toBe(204);
      expect(String(done.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      const row = await userRow(user.id);
      expect(row.erasedAt).not.toBeNull();
      expect(row.username).toMatch(/^erased-/);
      expect(row.status).toBe('disabled');
      expect(await sessionRows(user.id)).toEqual([]);
      expect((await other.get('/api/user')).statusCode).toBe(401);
      const relogin = await new Client(t.app).post('/api/login', {
        username: 'leaver',
        password: STRONG_PASSWORD,
      });
      expect(relogin.statusCode).toBe(401);
      const [audit] = await db()
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'gdpr.erasure'), eq(auditEvents.targetId, String(user.id))),
        );
      expect(audit?.actorUserId).toBe(user.id);
    });

    it("refuses the organization's last admin while other members remain", async () => {
      const founder = await registerUser(t.app, { username: 'founder-one' });
      const row = await userRow(founder.user.id);
      await db().insert(users).values({
        organizationId: row.organizationId,
        username: 'stays-behind',
        email: 'stays-behind@example.com',
        passwordHash: 'x',
      });
      const refused = await remove(founder.client, {
        password: STRONG_PASSWORD,
        confirmation: 'founder-one',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        "You are your organization's last active admin: have another member made admin first",
      );
      expect((await userRow(founder.user.id)).erasedAt).toBeNull();
    });

    it('refuses the last person of an organization whose clusters still renew', async () => {
      const { client, userId } = await clusterOrderer(t.app);
      await orderCluster(client);
      const { username } = await userRow(userId);
      const refused = await remove(client, { password: STRONG_PASSWORD, confirmation: username });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(
        /still has clusters or subscriptions that renew: delete or cancel them first/,
      );
      expect((await userRow(userId)).erasedAt).toBeNull();
    });
  });
});
