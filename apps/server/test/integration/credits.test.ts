import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CreditEntry, Credits } from '@alpenkube/contract';
import { auditEvents, notifications, users } from '../../src/db/schema.ts';
import { clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('credits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;

  /** A platform operator: a super admin of an organization of their own. */
  async function operator() {
    const who = await clusterOrderer(t.app);
    // Platform staff sign in with a second factor.
    await db()
      .update(users)
      .set({ role: 'super_admin', totpEnabled: true })
      .where(eq(users.id, who.userId));
    await t.app.services.sessions.userChanged(db(), who.userId);
    return who;
  }

  it('keeps the history of a refund and a grant, newest first, with the balance after each', async () => {
    const customer = await clusterOrderer(t.app);
    t.app.services.providers.faults.inject('control-plane', 10, 'Control plane timed out');
    const failed = await orderCluster(customer.client, { name: 'refunded' });
    await settleJobs(t.app);
    t.app.services.providers.faults.clear();

    const admin = await operator();
    const granted = await admin.client.post('/api/billing/credits', {
      organizationId: customer.organizationId,
      amount: 2_500,
      reason: 'Sorry for the outage',
    });
    expect(granted.statusCode, granted.body).toBe(201);

    const credits = (await customer.client.get('/api/billing/credits')).json<Credits>();
    expect(credits.currency).toBe('USD');
    expect(credits.balance).toBe(failed.total + 2_500);
    expect(
      credits.history.map(({ kind, amount, balanceAfter, orderId }) => ({
        kind,
        amount,
        balanceAfter,
        orderId,
      })),
    ).toEqual([
      { kind: 'grant', amount: 2_500, balanceAfter: failed.total + 2_500, orderId: null },
      { kind: 'refund', amount: failed.total, balanceAfter: failed.total, orderId: failed.id },
    ]);
    expect(credits.history[0]!.description).toBe('Sorry for the outage');
    expect(credits.history[1]!.description).toMatch(
      /^Order ORD-\d{6} could not be fulfilled: Control plane timed out$/,
    );
  });

  it('a grant by a platform operator is audited and its admins are told', async () => {
    const customer = await clusterOrderer(t.app);
    const admin = await operator();
    const response = await admin.client.post('/api/billing/credits', {
      organizationId: customer.organizationId,
      amount: 10_000,
      reason: '  Welcome credit  ',
    });
    expect(response.statusCode).toBe(201);
    const entry = response.json<CreditEntry>();
    expect(entry).toMatchObject({
      kind: 'grant',
      amount: 10_000,
      balanceAfter: 10_000,
      description: 'Welcome credit',
    });

    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'billing.credit_grant'),
          eq(auditEvents.organizationId, customer.organizationId),
        ),
      );
    expect(audit).toMatchObject({
      outcome: 'success',
      actorUserId: admin.userId,
      targetType: 'organization',
      details: { amountCents: 10_000, creditTransactionId: expect.any(Number) },
    });
    const notices = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, customer.userId));
    expect(notices.map((notice) => notice.message)).toContain(
      '$100.00 of credit was added to your balance: Welcome credit',
    );
  });

  it('refuses an organization that does not exist, a bad amount, and anyone but an operator', async () => {
    const admin = await operator();
    const unknown = await admin.client.post('/api/billing/credits', {
      organizationId: 2_000_000_000,
      amount: 100,
      reason: 'Nobody there',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Organization not found' });

    const customer = await clusterOrderer(t.app);
    const zero = await admin.client.post('/api/billing/credits', {
      organizationId: customer.organizationId,
      amount: 0,
      reason: 'Nothing',
    });
    expect(zero.statusCode).toBe(400);

    const self = await customer.client.post('/api/billing/credits', {
      organizationId: customer.organizationId,
      amount: 100,
      reason: 'For myself',
    });
    expect(self.statusCode).toBe(403);
    expect((await customer.client.get('/api/billing/credits')).json<Credits>().balance).toBe(0);
  });
});
