import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type {
  OperatorOrganizationDetail,
  OperatorOrganizationPage,
  OperatorUser,
  User,
} from '@alpenkube/contract';
import { auditEvents, notifications, outgoingMail, users } from '../../src/db/schema.ts';
import { clusterOrderer, smallCluster } from '../support/clusters.ts';
import { Client, createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

/** A multipart body with fields only, as the ticket form sends one without files. */
function form(fields: Record<string, string>) {
  const boundary = `----operators${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('platform operators', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof clusterOrderer>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    operator = await clusterOrderer(t.app);
    // Platform staff sign in with a second factor.
    await db()
      .update(users)
      .set({ role: 'super_admin', totpEnabled: true })
      .where(eq(users.id, operator.userId));
    await t.app.services.sessions.userChanged(db(), operator.userId);
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const base = '/api/admin/organizations';

  /** A new company's founder: its admin, address verified, the organization pending approval. */
  async function newCompany(name = `Pending ${Math.random().toString(36).slice(2, 8)}`) {
    const { client, user } = await registerUser(t.app, { companyName: name });
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    await t.app.services.sessions.userChanged(db(), user.id);
    const me = (await client.get('/api/user')).json<User>();
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    return { client, userId: user.id, organizationId: row!.organizationId, name, me };
  }

  const placeOrder = (client: Client) =>
    client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `operators-${Math.random()}` },
      payload: { kind: 'cluster', cluster: smallCluster, billingCycle: 'monthly' },
    });

  const auditOf = (action: string, organizationId: number) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.organizationId, organizationId)));

  it('a new company waits for approval: its admin signs in, browses and opens tickets, but cannot order', async () => {
    const company = await newCompany();
    expect(company.me.organizationStatus).toBe('pending_approval');
    expect((await company.client.get('/api/clusters')).statusCode).toBe(200);
    expect((await company.client.get('/api/billing/plans')).statusCode).toBe(200);
    const ticket = await company.client.request({
      method: 'POST',
      url: '/api/support/tickets',
      ...form({
        subject: 'When are we approved?',
        category: 'technical',
        severity: 'normal',
        body: 'We would like to order our first cluster.',
      }),
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const order = await placeOrder(company.client);
    expect(order.statusCode).toBe(403);
    expect(order.json()).toEqual({
      message: 'Your organization is waiting for approval by our team.',
    });
  });

  it('lists pending organizations first, counts per status, and searches by name or Billing ID', async () => {
    const company = await newCompany(`Searchable Widgets ${Date.now()}`);
    const page = (await operator.client.get(base)).json<OperatorOrganizationPage>();
    expect(page.counts.pending_approval).toBeGreaterThanOrEqual(1);
    const firstOther = page.organizations.findIndex((o) => o.status !== 'pending_approval');
    const lastPending = page.organizations.findLastIndex((o) => o.status === 'pending_approval');
    if (firstOther !== -1) expect(lastPending).toBeLessThan(firstOther);

    const byName = (
      await operator.client.get(`${base}?search=searchable%20widgets`)
    ).json<OperatorOrganizationPage>();
    expect(byName.organizations.map((o) => o.id)).toContain(company.organizationId);
    const found = byName.organizations.find((o) => o.id === company.organizationId)!;
    expect(found).toMatchObject({
      name: company.name,
      status: 'pending_approval',
      approvedAt: null,
      memberCount: 1,
      activeAdminCount: 1,
      creditBalance: 0,
      supportPlan: 'basic',
      clusterCount: 0,
      openOrderCount: 0,
    });
    const byBillingId = (
      await operator.client.get(`${base}?search=${found.billingId.toLowerCase()}`)
    ).json<OperatorOrganizationPage>();
    expect(byBillingId.organizations.map((o) => o.id)).toEqual([company.organizationId]);
    const active = (
      await operator.client.get(`${base}?status=active`)
    ).json<OperatorOrganizationPage>();
    expect(active.organizations.every((o) => o.status === 'active')).toBe(true);
    expect((await operator.client.get(`${base}?search=%25`)).statusCode).toBe(200);
    expect((await operator.client.get(`${base}?status=closed`)).statusCode).toBe(400);

    const detail = await operator.client.get(`${base}/${company.organizationId}`);
    expect(detail.json<OperatorOrganizationDetail>()).toMatchObject({
      id: company.organizationId,
      admins: [{ id: company.userId, email: expect.any(String) }],
      invoices: [],
    });
    expect((await operator.client.get(`${base}/2000000000`)).statusCode).toBe(404);
  });

  it('approves a pending organization: admins told, and the member’s very next request sees it active', async () => {
    const company = await newCompany();
    const approved = await operator.client.post(`${base}/${company.organizationId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<OperatorOrganizationDetail>()).toMatchObject({
      status: 'active',
      approvedAt: expect.any(String),
    });

    // No sign-in again: the same session's user changed.
    const me = (await company.client.get('/api/user')).json<User>();
    expect(me.organizationStatus).toBe('active');
    const notices = await db()
      .select({ message: notifications.message, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, company.userId));
    expect(notices).toContainEqual({
      type: 'success',
      message: `${company.name} is approved: you can now order clusters.`,
    });
    const [mail] = await db()
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.subject, `${company.name} is approved`))
      .orderBy(desc(outgoingMail.id));
    expect(mail?.to).toBe(company.me.email);

    const [audit] = await auditOf('organization.approve', company.organizationId);
    expect(audit).toMatchObject({
      outcome: 'success',
      actorUserId: operator.userId,
      targetType: 'organization',
      targetId: String(company.organizationId),
      userAgent: 'lightMyRequest',
      details: { from: 'pending_approval', to: 'active' },
    });
    expect(audit!.ip).toBeTruthy();

    const again = await operator.client.post(`${base}/${company.organizationId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${company.name} is active: it cannot be approved.`);
  });

  it('two operators approving at once: one approves, the other is told it is already active', async () => {
    const company = await newCompany();
    const other = new Client(t.app);
    other.setCookie('sid', operator.client.cookie('sid')!);
    const answers = await Promise.all([
      operator.client.post(`${base}/${company.organizationId}/approve`),
      other.post(`${base}/${company.organizationId}/approve`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf('organization.approve', company.organizationId)).toHaveLength(1);
  });

  it('suspends with a reason (ordering refused, members told) and reinstates; wrong states are 409', async () => {
    const customer = await clusterOrderer(t.app);
    const id = customer.organizationId;
    expect((await placeOrder(customer.client)).statusCode).toBe(201);
    const before = (await operator.client.get(`${base}/${id}`)).json<OperatorOrganizationDetail>();
    expect(before).toMatchObject({ status: 'active', openOrderCount: 1, memberCount: 1 });
    expect((await operator.client.post(`${base}/${id}/reinstate`)).statusCode).toBe(409);
    const missing = await operator.client.post(`${base}/${id}/suspend`, {});
    expect(missing.statusCode).toBe(400);
    const short = await operator.client.post(`${base}/${id}/suspend`, { reason: ' ' });
    expect(short.statusCode).toBe(400);

    const suspended = await operator.client.post(`${base}/${id}/suspend`, {
      reason: 'Unpaid invoices since March',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json<OperatorOrganizationDetail>()).toMatchObject({
      status: 'suspended',
      suspendedReason: 'Unpaid invoices since March',
    });
    expect((await customer.client.get('/api/user')).json<User>().organizationStatus).toBe(
      'suspended',
    );
    const refused = await placeOrder(customer.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your organization is suspended. Contact support.' });
    // Reading stays open.
    expect((await customer.client.get('/api/clusters')).statusCode).toBe(200);
    const [notice] = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, customer.userId))
      .orderBy(desc(notifications.id));
    expect(notice!.message).toContain('is suspended: Unpaid invoices since March');
    expect(
      (await operator.client.post(`${base}/${id}/suspend`, { reason: 'Twice over' })).statusCode,
    ).toBe(409);
    expect((await operator.client.post(`${base}/${id}/approve`)).statusCode).toBe(409);
    const [audit] = await auditOf('organization.suspend', id);
    expect(audit).toMatchObject({
      outcome: 'success',
      actorUserId: operator.userId,
      details: { from: 'active', to: 'suspended' },
    });

    const reinstated = await operator.client.post(`${base}/${id}/reinstate`);
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json<OperatorOrganizationDetail>()).toMatchObject({
      status: 'active',
      suspendedReason: null,
    });
    expect((await customer.client.get('/api/user')).json<User>().organizationStatus).toBe('active');
    expect(await auditOf('organization.reinstate', id)).toHaveLength(1);
    expect((await operator.client.post(`${base}/2000000000/approve`)).statusCode).toBe(404);
  });

  it('grants and revokes officer access: check-access flips at once, audited', async () => {
    const customer = await clusterOrderer(t.app);
    const check = () => customer.client.get('/api/officers/check-access');
    expect((await check()).json()).toBe(false);

    const people = await operator.client.get(`${base}/${customer.organizationId}/users`);
    expect(people.json<OperatorUser[]>()).toEqual([
      expect.objectContaining({ id: customer.userId, officerAccess: false }),
    ]);

    const url = `/api/admin/users/${customer.userId}/officer-access`;
    const granted = await operator.client.put(url, { officerAccess: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<OperatorUser>().officerAccess).toBe(true);
    expect((await check()).json()).toBe(true);
    // Asking again changes nothing and records nothing.
    expect((await operator.client.put(url, { officerAccess: true })).statusCode).toBe(200);
    expect(await auditOf('user.officer_grant', customer.organizationId)).toHaveLength(1);

    expect((await operator.client.put(url, { officerAccess: false })).statusCode).toBe(200);
    expect((await check()).json()).toBe(false);
    const [revoke] = await auditOf('user.officer_revoke', customer.organizationId);
    expect(revoke).toMatchObject({
      actorUserId: operator.userId,
      targetType: 'user',
      targetId: String(customer.userId),
    });

    // An operator may give it to themselves.
    const self = `/api/admin/users/${operator.userId}/officer-access`;
    expect((await operator.client.put(self, { officerAccess: true })).statusCode).toBe(200);
    expect((await operator.client.get('/api/officers/check-access')).json()).toBe(true);
    await operator.client.put(self, { officerAccess: false });

    expect((await operator.client.put(url, {})).statusCode).toBe(400);
    expect(
      (
        await operator.client.put('/api/admin/users/2000000000/officer-access', {
          officerAccess: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses admins, customers and officers (403), and visitors (401)', async () => {
    const customer = await clusterOrderer(t.app);
    const admin = await newCompany();
    const officer = await clusterOrderer(t.app);
    await db().update(users).set({ officerAccess: true }).where(eq(users.id, officer.userId));
    await t.app.services.sessions.userChanged(db(), officer.userId);
    const id = admin.organizationId;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['GET', `${base}/${id}`],
      ['POST', `${base}/${id}/approve`],
      ['POST', `${base}/${id}/suspend`, { reason: 'Because' }],
      ['POST', `${base}/${id}/reinstate`],
      ['GET', `${base}/${id}/users`],
      ['PUT', `/api/admin/users/${customer.userId}/officer-access`, { officerAccess: true }],
    ];
    for (const [who, client, status] of [
      ['customer', customer.client, 403],
      ['admin', admin.client, 403],
      ['officer', officer.client, 403],
      ['visitor', new Client(t.app), 401],
    ] as const) {
      for (const [method, url, payload] of calls) {
        const response = await client.request({
          method: method as 'GET',
          url,
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    const [row] = await db().select().from(users).where(eq(users.id, customer.userId));
    expect(row!.officerAccess).toBe(false);
  });
});
