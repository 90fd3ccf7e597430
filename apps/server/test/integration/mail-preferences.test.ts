import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { MailPreferences } from '@alpenkube/contract';
import { notifications, outgoingMail, users } from '../../src/db/schema.ts';
import { clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ALL_ON: MailPreferences = {
  cluster: true,
  invoice: true,
  budget: true,
  ticket: true,
  maintenance: true,
};

describe('mail preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const emailOf = async (userId: number) =>
    (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;
  const mailsTo = async (to: string, subject: string) =>
    db()
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.to, to), like(outgoingMail.subject, `${subject}%`)));
  const noticesOf = async (userId: number, message: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), like(notifications.message, `${message}%`)));

  it('answers every category on until the person turns some off, and refuses a partial body', async () => {
    const { client } = await clusterOrderer(t.app);
    expect((await client.get('/api/user/mail-preferences')).json()).toEqual(ALL_ON);
    const saved = await client.put('/api/user/mail-preferences', {
      ...ALL_ON,
      invoice: false,
      ticket: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...ALL_ON, invoice: false, ticket: false });
    expect((await client.get('/api/user/mail-preferences')).json()).toEqual({
      ...ALL_ON,
      invoice: false,
      ticket: false,
    });
    const partial = await client.put('/api/user/mail-preferences', { cluster: false });
    expect(partial.statusCode).toBe(400);
    expect((await client.get('/api/user/mail-preferences')).json<MailPreferences>().invoice).toBe(
      false,
    );
  });

  it('mails a ready cluster and a budget alert to people who want them, and only notifies the others', async () => {
    const quiet = await clusterOrderer(t.app);
    const told = await clusterOrderer(t.app);
    await quiet.client.put('/api/user/mail-preferences', {
      ...ALL_ON,
      cluster: false,
      budget: false,
    });
    await orderCluster(quiet.client, { name: 'quiet-one' });
    await orderCluster(told.client, { name: 'told-one' });
    await settleJobs(t.app);

    for (const [who, name, mailed] of [
      [quiet, 'quiet-one', 0],
      [told, 'told-one', 1],
    ] as const) {
      const email = await emailOf(who.userId);
      expect(await mailsTo(email, `Cluster ${name} is ready`), name).toHaveLength(mailed);
      expect(
        (await db().select().from(notifications).where(eq(notifications.userId, who.userId)))
          .length,
      ).toBeGreaterThan(0);
      // A budget below what the order cost: crossed at once.
      const budget = await who.client.put('/api/billing/budget', {
        amount: 100,
        thresholds: [100],
      });
      expect(budget.statusCode, budget.body).toBe(200);
      expect(await noticesOf(who.userId, 'Budget alert')).toHaveLength(1);
      expect(await mailsTo(email, 'Budget alert')).toHaveLength(mailed);
    }
  });
});
