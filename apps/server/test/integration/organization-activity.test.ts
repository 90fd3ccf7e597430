import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '@alpenkube/contract';
import { auditEvents, organizations, users } from '../../src/db/schema.ts';
import { Client, createTestApp, STRONG_PASSWORD, type TestApp } from '../support/test-app.ts';

describe('an organization’s activity log', () => {
  let t: TestApp;
  let serial = 0;
  const db = () => t.app.services.db;
  let passwordHash: string;
  let acme: number;
  let other: number;
  let admin: { id: number; client: Client };
  let member: { id: number; client: Client };
  let outsider: { id: number; client: Client };
  let operator: { id: number; client: Client };

  async function organization(name: string) {
    serial += 1;
    const [row] = await db()
      .insert(organizations)
      .values({
        name,
        nameKey: `${name.toLowerCase()} ${serial}`,
        billingId: `BID-A${serial}`,
        status: 'active',
      })
      .returning();
    return row!.id;
  }

  async function person(
    organizationId: number,
    username: string,
    role: 'user' | 'admin' | 'super_admin',
  ) {
    const [user] = await db()
      .insert(users)
      .values({
        organizationId,
        username,
        email: `${username}@activity.test`,
        passwordHash,
        role,
        status: 'active',
        emailVerified: true,
        totpEnabled: role === 'super_admin',
      })
      .returning();
    const client = new Client(t.app);
    client.setCookie(
      'sid',
      await t.app.services.sessions.create(db(), user!.id, { userAgent: 'test', ip: '127.0.0.1' }),
    );
    return { id: user!.id, client };
  }

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
  const page = async (client: Client, query = '') => {
    const response = await client.get(`/api/admin/activity${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ActivityPage;
  };

  beforeAll(async () => {
    t = await createTestApp();
    passwordHash = await t.app.services.passwords.hash(STRONG_PASSWORD);
    acme = await organization('Acme');
    other = await organization('Other');
    const platform = await organization('Platform');
    admin = await person(acme, 'acme-admin', 'admin');
    member = await person(acme, 'acme-dev', 'user');
    outsider = await person(other, 'other-admin', 'admin');
    operator = await person(platform, 'operator', 'super_admin');
    const event = (minute: number, values: Partial<typeof auditEvents.$inferInsert>) => ({
      at: at(minute),
      organizationId: acme,
      outcome: 'success' as const,
      ip: '198.51.100.7',
      userAgent: 'Firefox',
      action: 'cluster.scale',
      ...values,
    });
    await db()
      .insert(auditEvents)
      .values([
        event(1, {
          actorUserId: member.id,
          action: 'cluster.create',
          targetType: 'cluster',
          targetId: '7',
        }),
        event(2, {
          actorUserId: member.id,
          targetType: 'cluster',
          targetId: '7',
          details: { pool: 'web' },
        }),
        event(3, {
          actorUserId: admin.id,
          action: 'token.create',
          targetType: 'api_token',
          targetId: '3',
        }),
        event(4, { actorUserId: operator.id, action: 'organization.suspend', ip: '10.0.0.1' }),
        // An officer's data-subject work on a member is the platform's, not the organization's.
        event(5, {
          actorUserId: operator.id,
          action: 'gdpr.export',
          targetType: 'user',
          targetId: String(member.id),
        }),
        event(6, {
          actorUserId: 999_999,
          action: 'cluster.delete',
          targetType: 'cluster',
          targetId: '8',
        }),
        event(7, { actorUserId: null, action: 'cluster.expiry', outcome: 'failure', ip: null }),
        event(8, { actorUserId: outsider.id, organizationId: other, action: 'cluster.create' }),
      ]);
  });
  afterAll(() => t.close());

  it('shows its admins their organization’s trail, newest first, and nobody else’s', async () => {
    const { events, nextBefore } = await page(admin.client);
    expect(nextBefore).toBeNull();
    expect(events.map((e) => [e.action, e.actor, e.staff, e.ip])).toEqual([
      ['cluster.expiry', null, false, null],
      ['cluster.delete', 'Deleted account', false, '198.51.100.7'],
      ['organization.suspend', 'Alpenkube staff', true, null],
      ['token.create', 'acme-admin', false, '198.51.100.7'],
      ['cluster.scale', 'acme-dev', false, '198.51.100.7'],
      ['cluster.create', 'acme-dev', false, '198.51.100.7'],
    ]);
    const staff = events.find((e) => e.staff)!;
    expect(staff.userAgent).toBeNull();
    expect(JSON.stringify(events)).not.toContain('operator');
    expect(events[4]).toMatchObject({
      targetType: 'cluster',
      targetId: '7',
      details: { pool: 'web' },
    });
  });

  it('filters by member, action or its group, outcome and time, a page at a time', async () => {
    const byMember = await page(admin.client, '?actor=acme-dev');
    expect(byMember.events.map((e) => e.action)).toEqual(['cluster.scale', 'cluster.create']);
    const clusters = await page(admin.client, '?action=cluster.');
    expect(clusters.events.map((e) => e.action)).toEqual([
      'cluster.expiry',
      'cluster.delete',
      'cluster.scale',
      'cluster.create',
    ]);
    expect((await page(admin.client, '?outcome=failure')).events).toHaveLength(1);
    const window = `?from=${at(2).toISOString()}&to=${at(3).toISOString()}`;
    expect((await page(admin.client, window)).events.map((e) => e.action)).toEqual([
      'token.create',
      'cluster.scale',
    ]);
    const first = await page(admin.client, '?limit=2');
    expect(first.events).toHaveLength(2);
    const second = await page(admin.client, `?limit=2&before=${first.nextBefore}`);
    expect(second.events.map((e) => e.action)).toEqual(['organization.suspend', 'token.create']);
    const bad = await admin.client.get('/api/admin/activity?action=DROP%20TABLE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('is for admins: a member is refused, another organization is not found', async () => {
    expect((await member.client.get('/api/admin/activity')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/admin/activity')).statusCode).toBe(401);
    const named = await admin.client.get(`/api/admin/activity?organizationId=${other}`);
    expect(named.statusCode).toBe(404);
    const theirs = await page(outsider.client);
    expect(theirs.events.map((e) => [e.action, e.actor])).toEqual([
      ['cluster.create', 'other-admin'],
    ]);
    // A platform operator reads any organization's, as its people would see it.
    const asOperator = await page(operator.client, `?organizationId=${acme}`);
    expect(asOperator.events).toHaveLength(6);
  });

  it('exports the same filter as CSV, staff unnamed', async () => {
    const response = await admin.client.get('/api/admin/activity.csv?action=organization.');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="activity-/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor,staff,action,target_type,target_id,outcome,ip,user_agent,details',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Alpenkube staff,yes,organization.suspend,,,success,,,{}');
    const all = (await admin.client.get('/api/admin/activity.csv')).body;
    expect(all.trim().split('\r\n')).toHaveLength(7);
    expect(all).not.toContain('gdpr.');
    expect(all).not.toContain('10.0.0.1');
  });
});
