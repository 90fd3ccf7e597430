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
      status: 'active',
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

  it('joins an existing organization by company e-mail domain, pending its admins', async () => {
    const founder = await registerUser(t.app, {
      username: 'founder',
      email: 'boss@acme-corp.eu',
      companyName: 'ACME',
    });
    const { user } = await registerUser(t.app, {
      username: 'newbie',
      email: 'newbie@acme-corp.eu',
    });
    expect(user).toMatchObject({ companyName: 'ACME', role: 'user', status: 'pending_approval' });
    const adminNotes = await founder.client.get('/api/notifications');
    expect(adminNotes.json()[0].message).toContain(
      'newbie (newbie@acme-corp.eu) asked to join ACME',
    );
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
