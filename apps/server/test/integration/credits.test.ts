import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CreditCode, CreditEntry, Credits } from '@alpenkube/contract';
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
  describe('credit codes', () => {
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    let counter = 0;
    const issue = async (admin: Awaited<ReturnType<typeof operator>>, fields: object = {}) => {
      counter += 1;
      const response = await admin.client.post('/api/billing/credit-codes', {
        code: `launch-${counter}-${Date.now() % 100_000}`,
        amount: 5_000,
        description: 'Launch week credit',
        expiresOn: future,
        maxRedemptions: 2,
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CreditCode>();
    };

    it('credits an organization once per code, up to its number of uses', async () => {
      const admin = await operator();
      const code = await issue(admin);
      expect(code.code).toMatch(/^LAUNCH-/);
      const [a, b, c] = [
        await clusterOrderer(t.app),
        await clusterOrderer(t.app),
        await clusterOrderer(t.app),
      ];

      // Typed in lower case with spaces, by two members at once: one credit.
      const both = await Promise.all([
        a.client.post('/api/billing/credits/redeem', { code: ` ${code.code.toLowerCase()} ` }),
        a.client.post('/api/billing/credits/redeem', { code: code.code }),
      ]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const refused = both.find((response) => response.statusCode === 409)!;
      expect(refused.json<{ message: string }>().message).toBe(
        'Your organization has already redeemed this code',
      );
      const credits = (await a.client.get('/api/billing/credits')).json<Credits>();
      expect(credits.balance).toBe(5_000);
      expect(credits.history[0]).toMatchObject({
        kind: 'code',
        amount: 5_000,
        description: `Launch week credit (code ${code.code})`,
      });

      expect(
        (await b.client.post('/api/billing/credits/redeem', { code: code.code })).statusCode,
      ).toBe(201);
      const spent = await c.client.post('/api/billing/credits/redeem', { code: code.code });
      expect(spent.statusCode).toBe(409);
      expect(spent.json<{ message: string }>().message).toBe(
        'This code has been used as many times as it may be',
      );
      expect((await c.client.get('/api/billing/credits')).json<Credits>().balance).toBe(0);

      const listed = (await admin.client.get('/api/billing/credit-codes')).json<CreditCode[]>();
      expect(listed.find((one) => one.id === code.id)?.redemptions).toBe(2);
      const [audit] = await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'billing.credit_code_redeem'),
            eq(auditEvents.organizationId, b.organizationId),
          ),
        );
      expect(audit?.targetId).toBe(String(code.id));
    });

    it('refuses a revoked code, a code past its last day, and counts only unknown codes as guesses', async () => {
      const admin = await operator();
      const revoked = await issue(admin);
      expect(
        (await admin.client.delete(`/api/billing/credit-codes/${revoked.id}`)).json<CreditCode>()
          .revokedAt,
      ).not.toBeNull();
      const customer = await clusterOrderer(t.app);
      const late = await customer.client.post('/api/billing/credits/redeem', {
        code: revoked.code,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json<{ message: string }>().message).toBe('This code has expired');

      const past = await admin.client.post('/api/billing/credit-codes', {
        code: 'TOO-LATE',
        amount: 100,
        description: 'Yesterday',
        expiresOn: '2020-01-01',
        maxRedemptions: 1,
      });
      expect(past.statusCode).toBe(400);
      expect(past.json<{ message: string }>().message).toBe('The last day has already passed');
      const duplicate = await admin.client.post('/api/billing/credit-codes', {
        code: revoked.code.toLowerCase(),
        amount: 100,
        description: 'Again',
        expiresOn: future,
        maxRedemptions: 1,
      });
      expect(duplicate.statusCode).toBe(409);

      for (let guess = 0; guess < 10; guess += 1) {
        const wrong = await customer.client.post('/api/billing/credits/redeem', {
          code: `NOPE-${guess}`,
        });
        expect(wrong.statusCode).toBe(404);
        expect(wrong.json<{ message: string }>().message).toBe('This code does not exist');
      }
      const throttled = await customer.client.post('/api/billing/credits/redeem', {
        code: 'NOPE-11',
      });
      expect(throttled.statusCode).toBe(429);
      expect((await customer.client.get('/api/billing/credits')).json<Credits>().balance).toBe(0);
    });

    it('lets only platform operators issue and list codes', async () => {
      const customer = await clusterOrderer(t.app);
      expect((await customer.client.get('/api/billing/credit-codes')).statusCode).toBe(403);
      const made = await customer.client.post('/api/billing/credit-codes', {
        code: 'FREE-MONEY',
        amount: 10_000_000,
        description: 'Mine',
        expiresOn: future,
        maxRedemptions: 1,
      });
      expect(made.statusCode).toBe(403);
    });
  });
});
