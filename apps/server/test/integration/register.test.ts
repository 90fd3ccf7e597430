import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, organizations, users } from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  lastMailTo,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

describe('POST /api/register', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('creates the user signed in, in a new organization it administers, with a welcome notification', async () => {
    const client = new Client(t.app);
    const response = await client.post('/api/register', {
      username: 'Ada.Lovelace',
      email: 'ada@analytical.io',
      password: STRONG_PASSWORD,
      name: 'Ada',
      companyName: 'Analytical Engines',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'ada.lovelace',
      email: 'ada@analytical.io',
      name: 'Ada',
      companyName: 'Analytical Engines',
      companyId: expect.stringMatching(/^BID-[A-Z2-9]{6}$/),
      role: 'admin',
      emailVerified: false,
      mfaEnabled: false,
      mfaSetupRequired: false,
      status: 'active',
      organizationStatus: 'pending_approval',
    });
    expect(response.body).not.toMatch(/argon2|password/i);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('ada.lovelace');

    const list = await client.get('/api/notifications');
    expect(list.json()).toEqual([
      expect.objectContaining({
        type: 'system',
        read: false,
        message: expect.stringContaining('Welcome'),
      }),
    ]);
    const [org] = await t.app.services.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Analytical Engines'));
    expect(org).toMatchObject({ status: 'pending_approval', emailDomain: 'analytical.io' });

    const { link } = await lastMailTo(t.app, 'ada@analytical.io');
    expect(link).toMatch(
      /^http:\/\/localhost:80\/verify-email\?token=|^http:\/\/[^/]+\/verify-email\?token=/,
    );
  });

  const verifyDomainOf = (name: string) =>
    t.app.services.db
      .update(organizations)
      .set({ domainVerifiedAt: new Date() })
      .where(eq(organizations.name, name));

  it('joins an existing organization only through the domain it verified, seeing nothing of it until approved', async () => {
    const founder = await registerUser(t.app, {
      username: 'founder',
      email: 'boss@acme-corp.eu',
      companyName: 'ACME',
    });
    await verifyDomainOf('ACME');
    await t.app.services.db
      .update(organizations)
      .set({ status: 'active' })
      .where(eq(organizations.name, 'ACME'));
    const { client, user } = await registerUser(t.app, {
      username: 'newbie',
      email: 'newbie@acme-corp.eu',
    });
    // A pending member: neither the organization's name nor its Billing ID, nor its counts.
    expect(user).toMatchObject({
      role: 'user',
      status: 'pending_approval',
      companyName: null,
      companyId: null,
    });
    expect((await client.get('/api/user')).json()).toMatchObject({
      companyName: null,
      companyId: null,
      // Not even whether the organization is approved.
      organizationStatus: 'pending_approval',
    });
    expect((await client.get('/api/sidebar-counts')).json()).toEqual({
      clusters: 0,
      orders: { total: 0 },
    });
    const [row] = await t.app.services.db.select().from(users).where(eq(users.id, user.id));
    const [acme] = await t.app.services.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'ACME'));
    expect(row!.organizationId).toBe(acme!.id);
    const welcome = (await client.get('/api/notifications')).json()[0].message as string;
    expect(welcome).not.toContain('ACME');

    // The admins hear of it, once.
    const adminNotes = (await founder.client.get('/api/notifications')).json() as {
      message: string;
    }[];
    expect(adminNotes.filter((n) => n.message.includes('asked to join'))).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('A new person asked to join ACME'),
      }),
    ]);
  });

  it("joins nothing through a company's name or an unverified domain: a new organization instead", async () => {
    const founder = await registerUser(t.app, {
      username: 'founder',
      email: 'boss@acme-corp.eu',
      companyName: 'ACME',
    });
    const founderBillingId = (await founder.client.get('/api/user')).json().companyId;
    for (const [username, email, companyName] of [
      ['intruder', 'intruder@acme-corp.eu', undefined],
      ['namesake', 'namesake@elsewhere.io', '  acme  '],
      ['both', 'both@acme-corp.eu', 'Acme'],
    ] as const) {
      const { user } = await registerUser(t.app, {
        username,
        email,
        ...(companyName ? { companyName } : {}),
      });
      expect(user, username).toMatchObject({ role: 'admin', status: 'active' });
      const me = user as unknown as { companyName: string; companyId: string };
      expect(me.companyId, username).not.toBe(founderBillingId);
      expect(me.companyName, username).not.toBe('ACME');
    }
    expect(await t.app.services.db.select().from(organizations)).toHaveLength(4);
    const adminNotes = (await founder.client.get('/api/notifications')).json() as {
      message: string;
    }[];
    expect(adminNotes.some((n) => n.message.includes('asked to join'))).toBe(false);
  });

  it('limits the verification mails a network can cause, writing nothing once limited', async () => {
    const limited = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '2' } });
    try {
      const client = new Client(limited.app, { remoteAddress: '10.4.4.4' });
      for (const username of ['first', 'second']) {
        const response = await client.post('/api/register', {
          username,
          email: `${username}@example.com`,
          password: STRONG_PASSWORD,
        });
        expect(response.statusCode, username).toBe(201);
      }
      const third = await client.post('/api/register', {
        username: 'third',
        email: 'third@example.com',
        password: STRONG_PASSWORD,
      });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: expect.stringMatching(/too many e-mails/i) });
      expect(await limited.app.services.db.select().from(users)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('puts neither the chosen name nor the company into the verification mail', async () => {
    await registerUser(t.app, {
      username: 'spammer',
      email: 'target@example.com',
      name: 'Win a prize at http://spam.example',
      companyName: 'Call +1 555 0100 now',
    });
    const { mail } = await lastMailTo(t.app, 'target@example.com');
    expect(mail.text).not.toMatch(/spam\.example|555 0100|spammer/);
  });

  it('answers 409 for a taken username or e-mail, and writes nothing', async () => {
    await registerUser(t.app, { username: 'taken', email: 'taken@example.com' });
    const client = new Client(t.app);
    const sameName = await client.post('/api/register', {
      username: 'TAKEN',
      email: 'other@example.com',
      password: STRONG_PASSWORD,
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ message: 'This username is already taken' });
    const sameMail = await client.post('/api/register', {
      username: 'other',
      email: 'Taken@Example.com',
      password: STRONG_PASSWORD,
    });
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().message).toMatch(/e-mail/);
    expect(await t.app.services.db.select().from(users)).toHaveLength(1);
    expect(sameMail.cookies).toHaveLength(0);
  });

  it.each([
    [{ username: 'ab', email: 'a@example.com', password: STRONG_PASSWORD }, /at least 3/],
    [{ username: 'has space', email: 'a@example.com', password: STRONG_PASSWORD }, /a-z, 0-9/],
    [{ username: 'x'.repeat(33), email: 'a@example.com', password: STRONG_PASSWORD }, /at most 32/],
    [{ username: 'valid', email: 'not-an-email', password: STRONG_PASSWORD }, /valid e-mail/],
    [{ username: 'valid', email: 'a@example.com', password: 'short-pass' }, /at least 12/],
    [{ username: 'valid', email: 'a@example.com', password: 'x'.repeat(129) }, /at most 128/],
    [{ username: 'valid', email: 'a@example.com', password: 'qwerty123456' }, /too common/],
    [{ username: 'valid', email: 'a@example.com', password: 'password12345678' }, /too common/],
    [
      { username: 'valid', email: 'a@example.com', password: STRONG_PASSWORD, role: 'super_admin' },
      /role|unrecognized/i,
    ],
    [{ username: 'valid', email: 'a@example.com' }, /password/],
    [{ username: 42, email: 'a@example.com', password: STRONG_PASSWORD }, /username/],
  ])('refuses %o with 400 and writes nothing', async (body, message) => {
    const response = await new Client(t.app).post('/api/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await t.app.services.db.select().from(users)).toHaveLength(0);
    expect(await t.app.services.db.select().from(notifications)).toHaveLength(0);
  });

  it('accepts a 128-character password', async () => {
    const password = 'Tr0ub4dor&3-'.repeat(10) + 'abcdefgh';
    expect(password).toHaveLength(128);
    const { client } = await registerUser(t.app, { username: 'longpass', password });
    await client.post('/api/logout');
    const login = await client.post('/api/login', { username: 'longpass', password });
    expect(login.statusCode).toBe(200);
  });
});
