import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  SESSION_HINT_COOKIE,
  type AdminApiToken,
  type ApiToken,
  type CreatedApiToken,
} from '@alpenkube/contract';
import { apiTokens, auditEvents, organizations, users } from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { Client, createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

const DAY_MS = 86_400_000;

describe('API tokens', () => {
  let t: TestApp;
  const db = () => t.app.services.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  /** A member of a fresh, approved organization (its first member: its admin). */
  async function member(role: 'user' | 'admin' | 'super_admin' = 'admin') {
    const { client, user } = await registerUser(t.app, {
      companyName: `Token Co ${Math.random().toString(36).slice(2, 10)}`,
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    await db()
      .update(organizations)
      .set({ status: 'active' })
      .where(eq(organizations.id, row!.organizationId));
    // Platform staff need their own second factor for their platform roles.
    await db()
      .update(users)
      .set({ role, emailVerified: true, totpEnabled: role === 'super_admin' })
      .where(eq(users.id, user.id));
    await t.app.services.sessions.userChanged(db(), user.id);
    return { client, userId: user.id, organizationId: row!.organizationId };
  }

  async function create(
    client: Client,
    body: Record<string, unknown> = {},
  ): Promise<CreatedApiToken> {
    const response = await client.post('/api/api-tokens', {
      name: 'ci',
      scopes: ['clusters:read'],
      expiresInDays: 30,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiToken>();
  }

  // Each call from an address of its own: the wrong tokens these tests send on purpose would
  // otherwise make 127.0.0.1 wait (that throttle has its own test).
  let calls = 0;
  const bearer = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.77.${Math.floor(++calls / 250)}.${calls % 250}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it('shows the token once: the list never holds it, the database only its hash', async () => {
    const { client, userId } = await member();
    const created = await create(client, { name: 'terraform', scopes: ['clusters:write'] });
    expect(created.token).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({
      name: 'terraform',
      prefix: created.token.slice(0, 11),
      scopes: ['clusters:write'],
      revokedAt: null,
      lastUsedAt: null,
    });
    const list = await client.get('/api/api-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.json<ApiToken[]>().map((token) => token.id)).toEqual([created.apiToken.id]);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.userId, userId));
    expect(row!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('keeps a write scope and drops its read, and refuses a bad request', async () => {
    const { client } = await member();
    const created = await create(client, {
      scopes: ['orders:read', 'clusters:read', 'clusters:write'],
    });
    expect(created.apiToken.scopes).toEqual(['clusters:write', 'orders:read']);
    const tooLong = await client.post('/api/api-tokens', {
      name: 'x',
      scopes: ['clusters:read'],
      expiresAt: new Date(Date.now() + 366 * DAY_MS).toISOString(),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/365 days/);
    for (const body of [
      { name: 'x', scopes: ['clusters:read'], expiresInDays: 366 },
      { name: 'x', scopes: ['clusters:read'] },
      { name: '', scopes: ['clusters:read'], expiresInDays: 7 },
      { name: 'x'.repeat(65), scopes: ['clusters:read'], expiresInDays: 7 },
      { name: 'x', scopes: [], expiresInDays: 7 },
      { name: 'x', scopes: ['kube:admin'], expiresInDays: 7 },
      {
        name: 'x',
        scopes: ['clusters:read'],
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      },
    ]) {
      const response = await client.post('/api/api-tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
  });

  it('acts as its user within its scopes, and refuses outside them', async () => {
    const { client } = await member();
    const { token } = await create(client, { scopes: ['clusters:read'] });
    const clusters = await bearer(token, 'GET', '/api/clusters');
    expect(clusters.statusCode, clusters.body).toBe(200);
    expect(clusters.json()).toHaveProperty('items');

    const orders = await bearer(token, 'GET', '/api/orders');
    expect(orders.statusCode).toBe(403);
    expect(orders.json().message).toBe('This API token lacks the orders:read scope');

    const rename = await bearer(token, 'PATCH', '/api/clusters/1', { name: 'renamed' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe('This API token lacks the clusters:write scope');

    // A public route answers the token as a visitor; the catalog needs no scope.
    expect((await bearer(token, 'GET', '/api/catalog')).statusCode).toBe(200);
  });

  it('leaves the session cookies alone: a script has no session hint to keep', async () => {
    const { client } = await member();
    const { token } = await create(client, { scopes: ['clusters:read'] });
    // The session cookie without a hint, and a hint without a session: neither is touched.
    const variants: Record<string, string>[] = [
      { sid: client.cookie('sid')! },
      { [SESSION_HINT_COOKIE]: '1' },
    ];
    for (const cookies of variants) {
      const response = await t.app.inject({
        url: '/api/clusters',
        headers: { authorization: `Bearer ${token}` },
        cookies,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses every session-only route, whatever the scopes', async () => {
    const { client } = await member();
    const { token, apiToken } = await create(client, {
      scopes: ['clusters:write', 'orders:write', 'billing:write', 'support:write'],
    });
    const calls: [string, string, object?][] = [
      ['PUT', '/api/user/password', { currentPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/user/delete', { password: 'x', confirmation: 'y' }],
      ['GET', '/api/user'],
      ['POST', '/api/auth/mfa/setup'],
      ['POST', '/api/auth/mfa/disable', { code: '123456' }],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/revoke-others'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens', { name: 'more', scopes: ['orders:read'], expiresInDays: 7 }],
      ['DELETE', `/api/api-tokens/${apiToken.id}`],
      ['GET', '/api/admin/api-tokens'],
      ['GET', '/api/notifications'],
      ['GET', '/ws'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await bearer(token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(
        'This route needs a signed-in session; API tokens cannot use it',
      );
    }
    // Sent alongside a session cookie, the token still decides.
    const sid = client.cookie('sid')!;
    const both = await t.app.inject({
      method: 'GET',
      url: '/api/api-tokens',
      headers: { authorization: `Bearer ${token}` },
      cookies: { sid },
    });
    expect(both.statusCode).toBe(403);
  });

  it("lets any of the owner's tokens read the owner's token list, and nothing more", async () => {
    const { client, userId, organizationId } = await member();
    const reader = await create(client, { name: 'billing-only', scopes: ['billing:read'] });
    const writer = await create(client, { name: 'deploy', scopes: ['clusters:write'] });
    const revoked = await create(client, { name: 'old' });
    expect((await client.delete(`/api/api-tokens/${revoked.apiToken.id}`)).statusCode).toBe(200);
    // A colleague in the same organization, and a stranger in another: neither is listed.
    const [colleague] = await db()
      .insert(users)
      .values({
        organizationId,
        username: `colleague-${userId}`,
        email: `colleague-${userId}@tokens.test`,
        passwordHash: 'unused',
        emailVerified: true,
      })
      .returning();
    const [colleagueToken] = await db()
      .insert(apiTokens)
      .values({
        userId: colleague!.id,
        organizationId,
        name: 'colleague',
        prefix: 'ak_colleagu',
        tokenHash: sha256(`ak_colleague_${userId}`),
        scopes: ['billing:read'],
        expiresAt: new Date(Date.now() + DAY_MS),
      })
      .returning();
    const stranger = await member();
    const strangers = await create(stranger.client, { name: 'stranger' });

    const listed = await bearer(reader.token, 'GET', '/api/api-tokens/mine');
    expect(listed.statusCode, listed.body).toBe(200);
    const tokens = listed.json<(Omit<ApiToken, 'lastUsedIp'> & { current: boolean })[]>();
    expect(tokens.map((token) => [token.name, token.current])).toEqual([
      ['old', false],
      ['deploy', false],
      ['billing-only', true],
    ]);
    expect(tokens[2]).toEqual({
      id: reader.apiToken.id,
      name: 'billing-only',
      prefix: reader.token.slice(0, 11),
      scopes: ['billing:read'],
      createdAt: reader.apiToken.createdAt,
      expiresAt: reader.apiToken.expiresAt,
      lastUsedAt: expect.any(String),
      revokedAt: null,
      current: true,
    });
    expect(tokens[0]!.revokedAt).not.toBeNull();
    const ids = tokens.map((token) => token.id);
    expect(ids).not.toContain(colleagueToken!.id);
    expect(ids).not.toContain(strangers.apiToken.id);
    // Never a secret, a hash or an address, of this token or another.
    const rows = await db().select().from(apiTokens).where(eq(apiTokens.userId, userId));
    for (const secret of [
      reader.token,
      writer.token,
      revoked.token,
      ...rows.map((row) => row.tokenHash),
    ]) {
      expect(listed.body).not.toContain(secret);
    }
    expect(listed.body).not.toMatch(/tokenHash|lastUsedIp|127\.0\.0\.1|10\.77\./);
    // Another token of the owner's sees itself marked; a session sees the list, none marked.
    const fromWriter = await bearer(writer.token, 'GET', '/api/api-tokens/mine');
    expect(
      fromWriter
        .json<{ id: number; current: boolean }[]>()
        .filter((token) => token.current)
        .map((token) => token.id),
    ).toEqual([writer.apiToken.id]);
    const fromSession = await client.get('/api/api-tokens/mine');
    expect(fromSession.statusCode).toBe(200);
    expect(fromSession.json<{ current: boolean }[]>().some((token) => token.current)).toBe(false);

    // Everything else on tokens stays session-only, for this token and the widest one.
    for (const token of [reader.token, writer.token]) {
      for (const [method, url, payload] of [
        ['POST', '/api/api-tokens', { name: 'wider', scopes: ['orders:write'], expiresInDays: 7 }],
        ['DELETE', `/api/api-tokens/${reader.apiToken.id}`],
        ['GET', '/api/api-tokens'],
      ] as [string, string, object?][]) {
        const response = await bearer(token, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(
          'This route needs a signed-in session; API tokens cannot use it',
        );
      }
    }
    const live = await db().select().from(apiTokens).where(eq(apiTokens.userId, userId));
    expect(live).toHaveLength(3);
    expect(live.find((row) => row.id === reader.apiToken.id)!.revokedAt).toBeNull();

    // A dead token learns nothing: 401, revoked or expired.
    const deadRevoked = await bearer(revoked.token, 'GET', '/api/api-tokens/mine');
    expect(deadRevoked.statusCode).toBe(401);
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, writer.apiToken.id));
    const deadExpired = await bearer(writer.token, 'GET', '/api/api-tokens/mine');
    expect(deadExpired.statusCode).toBe(401);
    expect(deadExpired.json()).toEqual({ message: 'The API token is unknown, expired or revoked' });
    // Signed out, nothing either.
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/api-tokens/mine' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 401 for an unknown, revoked or expired token, and for a disabled user', async () => {
    const { client, userId } = await member();
    for (const bad of ['ak_nope', 'nonsense', '']) {
      const response = await bearer(bad, 'GET', '/api/clusters');
      expect(response.statusCode, bad).toBe(401);
    }
    // A public route too: a script learns its token is dead wherever it sends it.
    expect((await bearer('ak_nope', 'GET', '/api/catalog')).statusCode).toBe(401);

    const revoked = await create(client);
    expect((await bearer(revoked.token, 'GET', '/api/clusters')).statusCode).toBe(200);
    const revoke = await client.delete(`/api/api-tokens/${revoked.apiToken.id}`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json<ApiToken>().revokedAt).not.toBeNull();
    const after = await bearer(revoked.token, 'GET', '/api/clusters');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'The API token is unknown, expired or revoked' });
    expect((await client.delete(`/api/api-tokens/${revoked.apiToken.id}`)).statusCode).toBe(409);

    const expired = await create(client);
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.apiToken.id));
    expect((await bearer(expired.token, 'GET', '/api/clusters')).statusCode).toBe(401);

    const live = await create(client);
    expect((await bearer(live.token, 'GET', '/api/clusters')).statusCode).toBe(200);
    await db().update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
    expect((await bearer(live.token, 'GET', '/api/clusters')).statusCode).toBe(401);
  });

  it('revokes only the person’s own tokens', async () => {
    const owner = await member();
    const other = await member();
    const { token, apiToken } = await create(owner.client);
    expect((await other.client.delete(`/api/api-tokens/${apiToken.id}`)).statusCode).toBe(404);
    expect((await bearer(token, 'GET', '/api/clusters')).statusCode).toBe(200);
  });

  it('records when and from where a token was last used, at most once a minute', async () => {
    const { client } = await member();
    const { token, apiToken } = await create(client);
    await t.app.inject({
      method: 'GET',
      url: '/api/clusters',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '203.0.113.7',
    });
    const [first] = await db().select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(first!.lastUsedIp).toBe('203.0.113.7');
    expect(first!.lastUsedAt).not.toBeNull();
    await bearer(token, 'GET', '/api/clusters');
    const [second] = await db().select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(second!.lastUsedAt).toEqual(first!.lastUsedAt);
    const listed = (await client.get('/api/api-tokens')).json<ApiToken[]>()[0]!;
    expect(listed.lastUsedIp).toBe('203.0.113.7');
  });

  it("lets an organization's admin list and revoke its tokens, not another's", async () => {
    const admin = await member('admin');
    const colleague = await registerUser(t.app, {});
    // The colleague joins the admin's organization.
    await db()
      .update(users)
      .set({ organizationId: admin.organizationId, role: 'user', emailVerified: true })
      .where(eq(users.id, colleague.user.id));
    await t.app.services.sessions.userChanged(db(), colleague.user.id);
    const theirs = await create(colleague.client, { name: 'deploy' });
    const outsider = await member('admin');
    const foreign = await create(outsider.client, { name: 'foreign' });

    const list = await admin.client.get('/api/admin/api-tokens');
    expect(list.statusCode).toBe(200);
    const tokens = list.json<AdminApiToken[]>();
    expect(tokens.map((token) => token.id)).toEqual([theirs.apiToken.id]);
    expect(tokens[0]!.owner).toMatchObject({ id: colleague.user.id });
    expect(list.body).not.toContain(theirs.token);

    expect(
      (await admin.client.delete(`/api/admin/api-tokens/${foreign.apiToken.id}`)).statusCode,
    ).toBe(404);
    const revoke = await admin.client.delete(`/api/admin/api-tokens/${theirs.apiToken.id}`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json<AdminApiToken>().revokedAt).not.toBeNull();
    expect((await bearer(theirs.token, 'GET', '/api/clusters')).statusCode).toBe(401);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, theirs.apiToken.id));
    expect(row!.revokedBy).toBe(admin.userId);

    // A customer (not an admin) cannot reach the organization's list.
    expect((await colleague.client.get('/api/admin/api-tokens')).statusCode).toBe(403);

    // A super admin sees every organization's, or one named.
    const staff = await member('super_admin');
    const named = await staff.client.get(
      `/api/admin/api-tokens?organizationId=${outsider.organizationId}`,
    );
    expect(named.json<AdminApiToken[]>().map((token) => token.id)).toEqual([foreign.apiToken.id]);
    const all = (await staff.client.get('/api/admin/api-tokens?limit=200')).json<AdminApiToken[]>();
    expect(all.map((token) => token.id)).toEqual(
      expect.arrayContaining([foreign.apiToken.id, theirs.apiToken.id]),
    );
  });

  it("hides a platform operator's tokens from an organization's admin", async () => {
    const admin = await member('admin');
    const operator = await registerUser(t.app, {});
    // A super admin who belongs to the admin's organization (the platform's own, say).
    await db()
      .update(users)
      .set({
        organizationId: admin.organizationId,
        role: 'super_admin',
        emailVerified: true,
        totpEnabled: true,
      })
      .where(eq(users.id, operator.user.id));
    await t.app.services.sessions.userChanged(db(), operator.user.id);
    const theirs = await create(operator.client, { name: 'operator automation' });

    const list = await admin.client.get('/api/admin/api-tokens');
    expect(list.json<AdminApiToken[]>().map((token) => token.id)).not.toContain(theirs.apiToken.id);
    const revoke = await admin.client.delete(`/api/admin/api-tokens/${theirs.apiToken.id}`);
    expect(revoke.statusCode).toBe(404);
    expect((await bearer(theirs.token, 'GET', '/api/clusters')).statusCode).toBe(200);
  });

  it('revokes a token once when two revocations race, and counts live tokens under a lock', async () => {
    const { client, userId, organizationId } = await member();
    const created = await create(client);
    const answers = await Promise.all([
      client.delete(`/api/api-tokens/${created.apiToken.id}`),
      client.delete(`/api/api-tokens/${created.apiToken.id}`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const revocations = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'token.revoke'),
          eq(auditEvents.targetId, String(created.apiToken.id)),
        ),
      );
    expect(revocations).toHaveLength(1);

    // 49 live tokens besides the revoked one: two creations at once make 50, never 51.
    await db()
      .insert(apiTokens)
      .values(
        Array.from({ length: 49 }, (_, index) => ({
          userId,
          organizationId,
          name: `bulk ${index}`,
          prefix: 'ak_bulk',
          tokenHash: `bulk-${userId}-${index}`,
          scopes: ['clusters:read'],
          expiresAt: new Date(Date.now() + DAY_MS),
        })),
      );
    const body = { name: 'racing', scopes: ['clusters:read'], expiresInDays: 30 };
    const racing = await Promise.all([
      client.post('/api/api-tokens', body),
      client.post('/api/api-tokens', body),
    ]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('audits creation and revocation in their transactions', async () => {
    const { client, userId, organizationId } = await member();
    const { apiToken } = await create(client, { name: 'audited' });
    await client.request({
      method: 'DELETE',
      url: `/api/api-tokens/${apiToken.id}`,
      headers: { 'user-agent': 'token-test' },
    });
    const rows = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'api_token'), eq(auditEvents.actorUserId, userId)));
    expect(rows.map((row) => row.action).sort()).toEqual(['token.create', 'token.revoke']);
    for (const row of rows) {
      expect(row).toMatchObject({
        organizationId,
        targetId: String(apiToken.id),
        outcome: 'success',
        ip: '127.0.0.1',
      });
      expect(row.details).toMatchObject({ ownerUserId: userId });
      expect(row.details).not.toHaveProperty('name');
    }
    expect(rows.find((row) => row.action === 'token.revoke')!.userAgent).toBe('token-test');
  });

  it('passes the cross-site guard without Origin, and is refused one from another site', async () => {
    const { client } = await member();
    const { token } = await create(client, { scopes: ['support:write'] });
    const noOrigin = await bearer(token, 'POST', '/api/support/custom-solutions', {});
    expect(noOrigin.statusCode).not.toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('demo API tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  it('gives the demo user a Terraform token in use and a revoked one', async () => {
    const { db } = t.app.services;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
    const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, demo!.id));
    const terraform = rows.find((row) => row.name === 'terraform')!;
    expect(terraform.scopes).toEqual(['clusters:write', 'orders:read']);
    expect(terraform.revokedAt).toBeNull();
    expect(terraform.expiresAt.getTime() - Date.now()).toBeGreaterThan(89 * DAY_MS);
    expect(Date.now() - terraform.lastUsedAt!.getTime()).toBeGreaterThan(DAY_MS - 60_000);
    expect(rows.filter((row) => row.revokedAt)).toHaveLength(1);
  });
});
