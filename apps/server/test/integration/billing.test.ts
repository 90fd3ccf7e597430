import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import {
  millicentsToCents,
  priceCluster,
  proratedCharge,
  type BillingDetails,
  type BillingPlans,
  type BillingSummary,
  type Catalog,
  type ClusterOrderConfig,
  type Order,
} from '@alpenkube/contract';
import {
  auditEvents,
  clusterNodePools,
  clusterNodes,
  clusters,
  creditTransactions,
  invoices,
  jobs,
  notifications,
  orders,
  organizations,
  outgoingMail,
  renewals,
  subscriptions,
  testGatewayCharges,
  usageRecords,
  users,
} from '../../src/db/schema.ts';
import { setMeteredThrough } from '../support/metering-cursor.ts';
import { enqueueJob } from '../../src/jobs/job-queue.ts';
import { addPeriod, periodHours } from '../../src/modules/billing/periods.ts';
import { dollars as dollarsOf } from '../../src/lib/money.ts';
import { renewalJob } from '../../src/modules/billing/renewals.ts';
import { clusterOrderer, orderCluster, settleJobs, smallCluster } from '../support/clusters.ts';
import { createTestApp, registerUser, type Client, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000002760003184',
};

/** Saves a test card as the organization's default. */
async function useCard(client: Client, number: string) {
  const token = await client.post('/test-gateway/v1/tokens', {
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  });
  const saved = await client.post('/api/billing/payment-methods', {
    token: token.json().id,
    makeDefault: true,
  });
  expect([200, 201]).toContain(saved.statusCode);
}

describe('billing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;

  async function setCredit(organizationId: number, cents: number) {
    await db()
      .update(organizations)
      .set({ creditBalanceCents: cents })
      .where(eq(organizations.id, organizationId));
  }

  async function balanceOf(organizationId: number) {
    const [row] = await db()
      .select({ balance: organizations.creditBalanceCents })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row!.balance;
  }

  async function adminNotices(organizationId: number, containing: string) {
    const rows = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        and(
          eq(users.organizationId, organizationId),
          like(notifications.message, `%${containing}%`),
        ),
      );
    return rows.map((row) => row.message);
  }

  async function mailsTo(organizationId: number, subjectContaining: string) {
    const rows = await db()
      .select({ subject: outgoingMail.subject })
      .from(outgoingMail)
      .innerJoin(users, eq(users.email, outgoingMail.to))
      .where(
        and(
          eq(users.organizationId, organizationId),
          like(outgoingMail.subject, `%${subjectContaining}%`),
        ),
      );
    return rows.map((row) => row.subject);
  }

  describe('charging an invoice off-session', () => {
    let invoiceCount = 0;
    async function openInvoice(organizationId: number, amountDueCents: number) {
      invoiceCount += 1;
      const [row] = await db()
        .insert(invoices)
        .values({
          organizationId,
          number: `INV-2099-${String(900000 + invoiceCount)}`,
          periodStart: new Date(Date.UTC(2099, invoiceCount % 12, 1)),
          periodEnd: new Date(Date.UTC(2099, (invoiceCount % 12) + 1, 1)),
          subtotalCents: amountDueCents,
          vatTreatment: 'standard',
          vatRateBasisPoints: 0,
          taxCents: 0,
          totalCents: amountDueCents,
          prepaidCents: 0,
          amountDueCents,
          billedTo: { name: 'X', address: 'Y', country: 'FR', vatNumber: null, email: 'x@y.z' },
        })
        .returning();
      return row!;
    }
    const invoiceRow = async (id: number) =>
      (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;

    it('takes the credit first, then the default card, once however often it is asked', async () => {
      const { organizationId } = await clusterOrderer(t.app);
      await setCredit(organizationId, 500);
      const invoice = await openInvoice(organizationId, 1_200);

      const [first, second] = await Promise.all([
        t.app.services.invoices.chargeInvoice(invoice.id),
        t.app.services.invoices.chargeInvoice(invoice.id),
      ]);
      expect([first.status, second.status]).toEqual(['paid', 'paid']);
      await t.app.services.invoices.chargeInvoice(invoice.id);

      const paid = await invoiceRow(invoice.id);
      expect(paid).toMatchObject({
        status: 'paid',
        creditAppliedCents: 500,
        cardChargedCents: 700,
        paymentAttempts: 1,
        paymentError: null,
      });
      expect(paid.paidAt).toBeInstanceOf(Date);
      expect(paid.gatewayChargeId).toMatch(/^ch_/);
      expect(await balanceOf(organizationId)).toBe(0);
      const charges = await db()
        .select()
        .from(testGatewayCharges)
        .where(like(testGatewayCharges.idempotencyKey, `invoice-${invoice.id}-%`));
      expect(charges.map((c) => [c.idempotencyKey, c.amountCents, c.status])).toEqual([
        [`invoice-${invoice.id}-1`, 700, 'succeeded'],
      ]);
      const ledger = await db()
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.invoiceId, invoice.id));
      expect(ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([['payment', -500]]);
    });

    it('pays with credit alone, and marks an invoice with nothing due paid', async () => {
      const { organizationId } = await clusterOrderer(t.app);
      await setCredit(organizationId, 5_000);
      const covered = await openInvoice(organizationId, 1_200);
      const nothingDue = await openInvoice(organizationId, 0);
      expect(await t.app.services.invoices.chargeInvoice(covered.id)).toEqual({ status: 'paid' });
      expect(await t.app.services.invoices.chargeInvoice(nothingDue.id)).toEqual({
        status: 'paid',
      });
      expect(await invoiceRow(covered.id)).toMatchObject({
        status: 'paid',
        creditAppliedCents: 1_200,
        cardChargedCents: 0,
      });
      expect((await invoiceRow(nothingDue.id)).status).toBe('paid');
      expect(await balanceOf(organizationId)).toBe(3_800);
    });

    it('leaves a void invoice alone', async () => {
      const { organizationId } = await clusterOrderer(t.app);
      const invoice = await openInvoice(organizationId, 900);
      await db().update(invoices).set({ status: 'void' }).where(eq(invoices.id, invoice.id));
      expect(await t.app.services.invoices.chargeInvoice(invoice.id)).toEqual({
        status: 'skipped',
      });
      expect((await invoiceRow(invoice.id)).paymentAttempts).toBe(0);
    });

    it('a declined card leaves it open with the reason, gives the credit back and tells the admins', async () => {
      const { client, organizationId } = await clusterOrderer(t.app);
      await useCard(client, CARDS.declined);
      await setCredit(organizationId, 300);
      const invoice = await openInvoice(organizationId, 1_000);

      const outcome = await t.app.services.invoices.chargeInvoice(invoice.id);
      expect(outcome).toEqual({ status: 'failed', reason: 'Your card was declined.' });
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: 'open',
        paymentAttempts: 1,
        creditAppliedCents: 0,
        cardChargedCents: 0,
        paymentError: 'Your card was declined.',
      });
      expect(await balanceOf(organizationId)).toBe(300);
      expect(await adminNotices(organizationId, invoice.number)).toHaveLength(1);
      expect(await mailsTo(organizationId, invoice.number)).toHaveLength(1);

      // Paid again with a good card: a new attempt, a new idempotency key.
      await useCard(client, CARDS.ok);
      expect(await t.app.services.invoices.chargeInvoice(invoice.id)).toEqual({ status: 'paid' });
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: 'paid',
        paymentAttempts: 2,
        creditAppliedCents: 300,
        cardChargedCents: 700,
        paymentError: null,
      });
    });

    it('a card that asks for confirmation fails the attempt and the challenge is given up', async () => {
      const { client, organizationId } = await clusterOrderer(t.app);
      await useCard(client, CARDS.challenge);
      const invoice = await openInvoice(organizationId, 1_000);
      expect(await t.app.services.invoices.chargeInvoice(invoice.id)).toEqual({
        status: 'failed',
        reason: 'Your bank asks to confirm this payment: pay it from Billing.',
      });
      const [charge] = await db()
        .select()
        .from(testGatewayCharges)
        .where(eq(testGatewayCharges.idempotencyKey, `invoice-${invoice.id}-1`));
      expect(charge!.status).toBe('cancelled');
    });

    it('carries on an attempt cut off after the card was charged, without charging again', async () => {
      const { organizationId } = await clusterOrderer(t.app);
      await setCredit(organizationId, 100);
      const invoice = await openInvoice(organizationId, 1_000);
      // A first run got as far as the gateway, then its process died before recording it.
      const gateway = t.app.services.paymentGateway;
      const realCharge = gateway.charge.bind(gateway);
      let calls = 0;
      gateway.charge = async (request) => {
        calls += 1;
        const charge = await realCharge(request);
        if (calls === 1) throw new Error('connection lost after the charge');
        return charge;
      };
      try {
        await expect(t.app.services.invoices.chargeInvoice(invoice.id)).rejects.toThrow(
          'connection lost',
        );
        expect(await invoiceRow(invoice.id)).toMatchObject({
          status: 'open',
          creditAppliedCents: 100,
          cardChargedCents: 900,
        });
        expect(await t.app.services.invoices.chargeInvoice(invoice.id)).toEqual({
          status: 'paid',
        });
      } finally {
        gateway.charge = realCharge;
      }
      const charges = await db()
        .select()
        .from(testGatewayCharges)
        .where(like(testGatewayCharges.idempotencyKey, `invoice-${invoice.id}-%`));
      expect(charges).toHaveLength(1);
      expect(await balanceOf(organizationId)).toBe(0);
      expect((await invoiceRow(invoice.id)).paymentAttempts).toBe(1);
    });

    it('the chore carries on an attempt left in flight once its job has given up', async () => {
      const { organizationId } = await clusterOrderer(t.app);
      await setCredit(organizationId, 250);
      const invoice = await openInvoice(organizationId, 1_000);
      const gateway = t.app.services.paymentGateway;
      const realCharge = gateway.charge.bind(gateway);
      gateway.charge = async (request) => {
        await realCharge(request);
        throw new Error('connection lost after the charge');
      };
      try {
        // Every run of its job (here: the last one) was cut off after the gateway charged.
        await expect(t.app.services.invoices.chargeInvoice(invoice.id)).rejects.toThrow(
          'connection lost',
        );
      } finally {
        gateway.charge = realCharge;
      }
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: 'open',
        creditAppliedCents: 250,
        cardChargedCents: 750,
      });
      expect(await balanceOf(organizationId)).toBe(0);

      // Nobody presses "Pay": the invoices' chore finds the attempt and settles it, once.
      await t.app.services.invoices.runInvoiceCharges();
      await t.app.services.invoices.runInvoiceCharges();
      await t.app.services.jobs.drain();
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: 'paid',
        creditAppliedCents: 250,
        cardChargedCents: 750,
        paymentAttempts: 1,
      });
      const charges = await db()
        .select()
        .from(testGatewayCharges)
        .where(like(testGatewayCharges.idempotencyKey, `invoice-${invoice.id}-%`));
      expect(charges).toHaveLength(1);
      expect(await balanceOf(organizationId)).toBe(0);
    });

    it('carries on an attempt cut off after the card was charged even once that card is removed', async () => {
      const { client, organizationId } = await clusterOrderer(t.app);
      await setCredit(organizationId, 100);
      const invoice = await openInvoice(organizationId, 1_000);
      const gateway = t.app.services.paymentGateway;
      const realCharge = gateway.charge.bind(gateway);
      let calls = 0;
      gateway.charge = async (request) => {
        calls += 1;
        const charge = await realCharge(request);
        if (calls === 1) throw new Error('connection lost after the charge');
        return charge;
      };
      try {
        await expect(t.app.services.invoices.chargeInvoice(invoice.id)).rejects.toThrow(
          'connection lost',
        );
        // The payer removes the card while the charge it made is not recorded yet.
        const [card] = (await client.get('/api/billing/payment-methods')).json<{ id: number }[]>();
        const removed = await client.delete(`/api/billing/payment-methods/${card!.id}`);
        expect(removed.statusCode, removed.body).toBe(204);
        // The gateway is asked again with the same key: the charge it made is the payment.
        expect(await t.app.services.invoices.chargeInvoice(invoice.id)).toEqual({
          status: 'paid',
        });
      } finally {
        gateway.charge = realCharge;
      }
      const charges = await db()
        .select()
        .from(testGatewayCharges)
        .where(like(testGatewayCharges.idempotencyKey, `invoice-${invoice.id}-%`));
      expect(charges.map((c) => [c.idempotencyKey, c.amountCents, c.status])).toEqual([
        [`invoice-${invoice.id}-1`, 900, 'succeeded'],
      ]);
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: 'paid',
        creditAppliedCents: 100,
        cardChargedCents: 900,
        paymentAttempts: 1,
      });
      expect(await balanceOf(organizationId)).toBe(0);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Subscriptions and renewals

  const DAY = 86_400_000;
  let catalog: Catalog;
  const catalogNow = async () =>
    (catalog ??= (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json<Catalog>());
  const periodPrice = async (config: ClusterOrderConfig) =>
    priceCluster({ ...config, billingCycle: config.billingCycle }, await catalogNow()).total;

  /** A running cluster of a fresh organization with a saved card, paid monthly. */
  async function paidCluster(name: string, cluster: Partial<ClusterOrderConfig> = {}) {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...cluster, name });
    await settleJobs(t.app);
    return { ...who, order, clusterId: order.clusterId! };
  }

  const subscriptionOf = async (clusterId: number) =>
    (
      await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.clusterId, clusterId))
        .orderBy(desc(subscriptions.id))
    )[0]!;

  /** Moves the subscription's current period so that it ends at `end` (a month long). */
  async function endPeriodAt(subscriptionId: number, end: Date, start?: Date) {
    await db()
      .update(subscriptions)
      .set({ periodStart: start ?? new Date(end.getTime() - 30 * DAY), periodEnd: end })
      .where(eq(subscriptions.id, subscriptionId));
  }

  const renewalsOf = (subscriptionId: number) =>
    db().select().from(renewals).where(eq(renewals.subscriptionId, subscriptionId));

  const chargesOf = (renewalId: number) =>
    db()
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `renewal-${renewalId}-%`));

  async function renewAt(now: Date) {
    const result = await t.app.services.billing.runRenewals(now);
    await t.app.services.jobs.drain();
    return result;
  }

  async function placeOrder(client: Client, name: string) {
    return client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `billing-${name}-${Date.now()}` },
      payload: { kind: 'cluster', cluster: { ...smallCluster, name }, billingCycle: 'monthly' },
    });
  }

  describe('subscriptions', () => {
    it('a paid cluster order opens one: paid time to a calendar month later, what it paid for', async () => {
      const { order, clusterId, organizationId } = await paidCluster('subscribed');
      const subscription = await subscriptionOf(clusterId);
      const paidAt = new Date(order.paidAt!);
      expect(subscription).toMatchObject({
        organizationId,
        kind: 'cluster',
        orderId: order.id,
        billingCycle: 'monthly',
        status: 'active',
        paidConfig: order.cluster,
        periodPriceCents: order.subtotal,
      });
      expect(subscription.periodStart.toISOString()).toBe(paidAt.toISOString());
      expect(subscription.periodEnd.toISOString()).toBe(addPeriod(paidAt, 'monthly').toISOString());
    });

    it('a yearly order is prepaid for a year', async () => {
      const { client } = await clusterOrderer(t.app);
      const placed = await client.request({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': `billing-yearly-${Date.now()}` },
        payload: {
          kind: 'cluster',
          cluster: { ...smallCluster, name: 'yearly' },
          billingCycle: 'yearly',
        },
      });
      expect(placed.statusCode).toBe(201);
      const order = placed.json<Order>();
      expect((await client.post(`/api/orders/${order.id}/pay`, {})).statusCode).toBe(200);
      const paid = (await client.get(`/api/orders/${order.id}`)).json<Order>();
      const subscription = await subscriptionOf(paid.clusterId!);
      expect(subscription.billingCycle).toBe('yearly');
      expect(subscription.periodPriceCents).toBe(order.subtotal);
      expect(subscription.periodEnd.toISOString()).toBe(
        addPeriod(new Date(paid.paidAt!), 'yearly').toISOString(),
      );
      expect(subscription.periodEnd.getUTCFullYear()).toBe(
        new Date(paid.paidAt!).getUTCFullYear() + 1,
      );
    });
  });

  describe('renewals', () => {
    it('renews the configuration as it is then: the credit first, then the card', async () => {
      const { client, clusterId, organizationId, order } = await paidCluster('renewed');
      // Scaled up during the period: the next period pays for four nodes.
      const pool = (await client.get(`/api/clusters/${clusterId}`)).json().nodePools[0];
      const scaled = await client.patch(`/api/clusters/${clusterId}/node-pools/${pool.id}`, {
        count: 4,
      });
      expect(scaled.statusCode, scaled.body).toBe(200);
      await settleJobs(t.app);
      const bigger = {
        ...order.cluster!,
        nodePools: [{ ...order.cluster!.nodePools[0]!, count: 4 }],
      };
      const price = await periodPrice(bigger);
      expect(price).toBeGreaterThan(order.subtotal);

      const subscription = await subscriptionOf(clusterId);
      expect(subscription.paidConfig!.nodePools[0]!.count).toBe(3);
      const end = new Date(Date.now() - 60_000);
      await endPeriodAt(subscription.id, end);
      await setCredit(organizationId, 1_000);

      await renewAt(new Date(end.getTime() + 60_000));
      const [renewal] = await renewalsOf(subscription.id);
      expect(renewal).toMatchObject({
        status: 'paid',
        amountCents: price,
        creditAppliedCents: 1_000,
        cardAmountCents: price - 1_000,
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
      });
      expect(renewal!.periodStart.toISOString()).toBe(end.toISOString());
      expect(renewal!.description).toBe(
        `Renewal of cluster renewed, ${renewal!.periodStart.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} – ${renewal!.periodEnd.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`,
      );
      expect(
        (await chargesOf(renewal!.id)).map((c) => [c.idempotencyKey, c.amountCents, c.status]),
      ).toEqual([[`renewal-${renewal!.id}-1`, price - 1_000, 'succeeded']]);
      expect(await balanceOf(organizationId)).toBe(0);
      const ledger = await db()
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.renewalId, renewal!.id));
      expect(ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([['payment', -1_000]]);

      const moved = await subscriptionOf(clusterId);
      expect(moved.status).toBe('active');
      expect(moved.periodStart.toISOString()).toBe(end.toISOString());
      expect(moved.periodEnd.toISOString()).toBe(addPeriod(end, 'monthly').toISOString());
      expect(moved.periodPriceCents).toBe(price);
      expect(moved.paidConfig!.nodePools[0]!.count).toBe(4);
      expect(await adminNotices(organizationId, 'Renewal of cluster renewed')).toHaveLength(1);

      // The chore again, later in the new period: nothing more to renew or charge.
      await renewAt(new Date(end.getTime() + 2 * DAY));
      expect(await renewalsOf(subscription.id)).toHaveLength(1);
      expect(await chargesOf(renewal!.id)).toHaveLength(1);
    });

    it('retries 1, 3 and 7 days after a failure, telling the admins each time, then suspends ordering until it is paid', async () => {
      const { client, clusterId, organizationId } = await paidCluster('overdue');
      await useCard(client, CARDS.declined);
      const subscription = await subscriptionOf(clusterId);
      const end = new Date(Date.now() - 60_000);
      await endPeriodAt(subscription.id, end);
      const at = (days: number) => new Date(end.getTime() + days * DAY + 60_000);
      const renewal = async () => (await renewalsOf(subscription.id))[0]!;
      const failures = () => adminNotices(organizationId, 'could not be charged');
      await setCredit(organizationId, 500);

      await renewAt(at(0));
      // The credit the failed attempt held is back, and the ledger says so.
      expect(await balanceOf(organizationId)).toBe(500);
      const held = await db()
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.renewalId, (await renewal()).id))
        .orderBy(creditTransactions.id);
      expect(held.map((entry) => [entry.kind, entry.amountCents])).toEqual([
        ['payment', -500],
        ['release', 500],
      ]);
      expect(await renewal()).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'Your card was declined.',
      });
      expect((await renewal()).nextAttemptAt!.toISOString()).toBe(
        new Date(end.getTime() + DAY).toISOString(),
      );
      expect((await subscriptionOf(clusterId)).status).toBe('past_due');
      expect(await failures()).toHaveLength(1);
      expect(await mailsTo(organizationId, 'Payment of a renewal failed')).toHaveLength(1);

      // Between two retries, nothing is tried.
      await renewAt(new Date(end.getTime() + 12 * 3_600_000));
      expect((await renewal()).attempts).toBe(1);

      await renewAt(at(1));
      expect((await renewal()).attempts).toBe(2);
      expect((await renewal()).nextAttemptAt!.toISOString()).toBe(
        new Date(end.getTime() + 3 * DAY).toISOString(),
      );
      await renewAt(at(3));
      expect((await renewal()).attempts).toBe(3);
      expect((await renewal()).nextAttemptAt!.toISOString()).toBe(
        new Date(end.getTime() + 7 * DAY).toISOString(),
      );
      expect(await failures()).toHaveLength(3);
      // Still allowed to order before the last retry.
      const [organization] = await db()
        .select()
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      expect(organization!.orderingSuspendedAt).toBeNull();

      await renewAt(at(7));
      expect(await renewal()).toMatchObject({ status: 'failed', attempts: 4, nextAttemptAt: null });
      expect(await failures()).toHaveLength(4);
      expect(await mailsTo(organizationId, 'Payment of a renewal failed')).toHaveLength(4);
      expect(await mailsTo(organizationId, 'Ordering is suspended')).toHaveLength(1);
      const [suspended] = await db()
        .select()
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      expect(suspended!.orderingSuspendedAt).toBeInstanceOf(Date);
      expect(suspended!.orderingSuspendedReason).toContain('Renewal of cluster overdue');
      // The chore later does not try again.
      await renewAt(at(9));
      expect((await renewal()).attempts).toBe(4);

      const refused = await placeOrder(client, 'more');
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toMatch(
        /^New orders are suspended until your overdue renewals are paid\. This renewal is unpaid: Renewal of cluster overdue, .+ \(\$[\d,.]+, due .+\)\. Pay from Billing to order again\.$/,
      );
      const summary = (await client.get('/api/billing/summary')).json<BillingSummary>();
      expect(summary.orderingSuspended?.reason).toContain('Renewal of cluster overdue');

      // Pay now with the declined card: a 402, the schedule and the suspension stay.
      const declined = await client.post(`/api/billing/renewals/${(await renewal()).id}/pay`);
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ message: 'Your card was declined.' });
      expect(await renewal()).toMatchObject({ status: 'failed', attempts: 5 });

      // A good card, then pay now: paid, the period moves on and ordering opens again.
      await useCard(client, CARDS.ok);
      const paid = await client.post(`/api/billing/renewals/${(await renewal()).id}/pay`);
      expect(paid.statusCode, paid.body).toBe(200);
      const after = paid.json<BillingSummary>();
      expect(after.orderingSuspended).toBeNull();
      expect(after.overdueRenewals).toEqual([]);
      expect(await renewal()).toMatchObject({ status: 'paid', attempts: 6 });
      const renewed = await subscriptionOf(clusterId);
      expect(renewed.status).toBe('active');
      expect(renewed.periodStart.toISOString()).toBe(end.toISOString());
      expect((await placeOrder(client, 'more')).statusCode).toBe(201);

      // Paid already: a 409.
      expect(
        (await client.post(`/api/billing/renewals/${(await renewal()).id}/pay`)).statusCode,
      ).toBe(409);

      // Each "Pay now" is in the audit log, the refusal with its reason.
      const audited = await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'renewal.pay'),
            eq(auditEvents.organizationId, organizationId),
          ),
        )
        .orderBy(auditEvents.id);
      expect(audited.map((entry) => [entry.outcome, entry.targetId, entry.details])).toEqual([
        [
          'failure',
          String((await renewal()).id),
          expect.objectContaining({ reason: 'Your card was declined.' }),
        ],
        ['success', String((await renewal()).id), expect.any(Object)],
      ]);
      expect(audited[0]!.actorUserId).not.toBeNull();
    });

    it('a card that asks to confirm fails the renewal with a message saying what to do', async () => {
      const { client, clusterId } = await paidCluster('confirm');
      await useCard(client, CARDS.challenge);
      const subscription = await subscriptionOf(clusterId);
      const end = new Date(Date.now() - 60_000);
      await endPeriodAt(subscription.id, end);
      await renewAt(new Date(end.getTime() + 60_000));
      const [renewal] = await renewalsOf(subscription.id);
      expect(renewal!.lastError).toBe(
        'Your bank asks to confirm this payment: pay it from Billing.',
      );
      expect((await chargesOf(renewal!.id))[0]!.status).toBe('cancelled');
    });

    it('is charged once when two chores race and its job runs twice', async () => {
      const { clusterId, organizationId } = await paidCluster('once');
      const subscription = await subscriptionOf(clusterId);
      const end = new Date(Date.now() - 60_000);
      await endPeriodAt(subscription.id, end);
      const now = new Date(end.getTime() + 60_000);

      await Promise.all([
        t.app.services.billing.runRenewals(now),
        t.app.services.billing.runRenewals(now),
      ]);
      const opened = await renewalsOf(subscription.id);
      expect(opened).toHaveLength(1);
      const renewalId = opened[0]!.id;
      // The same attempt queued again (a second instance), and run twice at once.
      await enqueueJob(db(), renewalJob, { renewalId, dueAt: end.toISOString() });
      await Promise.all([
        t.app.services.billing.chargeRenewal(renewalId, { force: false, dueAt: end, now }),
        t.app.services.billing.chargeRenewal(renewalId, { force: false, dueAt: end, now }),
      ]);
      await t.app.services.jobs.drain();
      await t.app.services.billing.runRenewals(now);
      await t.app.services.jobs.drain();

      const [renewal] = await renewalsOf(subscription.id);
      expect(renewal).toMatchObject({ status: 'paid', attempts: 1 });
      expect(await chargesOf(renewalId)).toHaveLength(1);
      const payments = await db()
        .select()
        .from(creditTransactions)
        .where(
          and(
            eq(creditTransactions.organizationId, organizationId),
            eq(creditTransactions.renewalId, renewalId),
          ),
        );
      expect(payments).toHaveLength(0);
      expect(await adminNotices(organizationId, 'Renewal of cluster once')).toHaveLength(1);
    });

    it('the period paid is the configuration priced, not one that changed while the card was charged', async () => {
      const { clusterId, order } = await paidCluster('moving');
      const subscription = await subscriptionOf(clusterId);
      const end = new Date(Date.now() - 60_000);
      await endPeriodAt(subscription.id, end);
      const price = await periodPrice(order.cluster!);
      const [pool] = await db()
        .select()
        .from(clusterNodePools)
        .where(eq(clusterNodePools.clusterId, clusterId));
      expect(pool!.count).toBe(3);

      // A scale-up to 4 nodes finishes while the gateway charges the three-node price.
      const gateway = t.app.services.paymentGateway;
      const realCharge = gateway.charge.bind(gateway);
      gateway.charge = async (request) => {
        const charge = await realCharge(request);
        await db()
          .update(clusterNodePools)
          .set({ count: 4 })
          .where(eq(clusterNodePools.id, pool!.id));
        return charge;
      };
      try {
        await renewAt(new Date(end.getTime() + 60_000));
      } finally {
        gateway.charge = realCharge;
      }
      const [renewal] = await renewalsOf(subscription.id);
      expect(renewal).toMatchObject({ status: 'paid', amountCents: price });
      const renewed = await subscriptionOf(clusterId);
      expect(renewed.periodPriceCents).toBe(price);
      // The fourth node was not paid for: it is metered by the hour, not prepaid.
      expect(renewed.paidConfig!.nodePools[0]!.count).toBe(3);
    });

    it('renews a period begun on January 31 up to March 31, not the 28th, after February', async () => {
      const { clusterId, order } = await paidCluster('month-end');
      const subscription = await subscriptionOf(clusterId);
      const january = new Date('2026-01-31T10:00:00Z');
      await db().update(orders).set({ paidAt: january }).where(eq(orders.id, order.id));
      await endPeriodAt(subscription.id, addPeriod(january, 'monthly'), january);
      expect((await subscriptionOf(clusterId)).periodEnd.toISOString()).toBe(
        '2026-02-28T10:00:00.000Z',
      );

      await renewAt(new Date('2026-03-01T00:00:00Z'));
      const [renewal] = await renewalsOf(subscription.id);
      expect(renewal!.status).toBe('paid');
      expect(renewal!.periodStart.toISOString()).toBe('2026-02-28T10:00:00.000Z');
      expect(renewal!.periodEnd.toISOString()).toBe('2026-03-31T10:00:00.000Z');
      const moved = await subscriptionOf(clusterId);
      expect(moved.periodEnd.toISOString()).toBe('2026-03-31T10:00:00.000Z');
    });

    it('the chore finds unpaid renewals and invoice charges in flight through indexes', async () => {
      // Every minute on every instance: never through every renewal and invoice ever issued.
      const plans = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explain = async (query: ReturnType<typeof sql>) =>
          (await tx.execute<Record<string, string>>(sql`explain ${query}`)).rows
            .map((row) => Object.values(row)[0])
            .join('\n');
        return {
          renewals: await explain(sql`
            select r.id from renewals r
            where r.status <> 'paid'
              and ((r.status = 'pending' and r.next_attempt_at <= now()) or r.card_amount_cents > 0)`),
          invoices: await explain(sql`
            select i.id from invoices i where i.status = 'open' and i.card_charged_cents > 0`),
        };
      });
      expect(plans.renewals).toContain('renewals_unpaid_idx');
      expect(plans.invoices).toContain('invoices_charge_in_flight_idx');
    });

    it('a renewal paid during its retry days charges those days once: what the meter billed above the old period comes back', async () => {
      const { client, clusterId, organizationId, order } = await paidCluster('late-payer');
      await useCard(client, CARDS.declined);
      const pool = (await client.get(`/api/clusters/${clusterId}`)).json().nodePools[0];
      const scaled = await client.patch(`/api/clusters/${clusterId}/node-pools/${pool.id}`, {
        count: 4,
      });
      expect(scaled.statusCode, scaled.body).toBe(200);
      await settleJobs(t.app);
      const subscription = await subscriptionOf(clusterId);
      expect(subscription.paidConfig!.nodePools[0]!.count).toBe(3);
      const hour = 3_600_000;
      const end = new Date(Math.floor((Date.now() - 3 * DAY) / hour) * hour);
      await endPeriodAt(subscription.id, end);
      // Four nodes ran all along; metering starts at the period's end.
      await db()
        .update(clusterNodes)
        .set({ createdAt: new Date(end.getTime() - hour) })
        .where(eq(clusterNodes.clusterId, clusterId));
      await setMeteredThrough(db(), clusterId, end);
      await renewAt(new Date(end.getTime() + 60_000));
      const [open] = await renewalsOf(subscription.id);
      expect(open!.status).toBe('pending');

      // The retry days are metered against the three nodes the last period paid for.
      await t.app.services.usage.meterAll(new Date());
      const metered = await db()
        .select({ cost: usageRecords.costMillicents, billable: usageRecords.billableMilli })
        .from(usageRecords)
        .where(and(eq(usageRecords.clusterId, clusterId), eq(usageRecords.metric, 'node_hours')));
      expect(metered.length).toBeGreaterThanOrEqual(72);
      expect(metered.every((record) => record.billable === 1000)).toBe(true);
      const billedTwice = millicentsToCents(metered.reduce((sum, r) => sum + Number(r.cost), 0));
      expect(billedTwice).toBeGreaterThan(0);

      await useCard(client, CARDS.ok);
      await setCredit(organizationId, 0);
      const paid = await client.post(`/api/billing/renewals/${open!.id}/pay`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const bigger = {
        ...order.cluster!,
        nodePools: [{ ...order.cluster!.nodePools[0]!, count: 4 }],
      };
      const [renewal] = await renewalsOf(subscription.id);
      // The renewal prepays the four nodes from the period's start...
      expect(renewal).toMatchObject({ status: 'paid', amountCents: await periodPrice(bigger) });
      // ...so what the meter billed for the fourth node since then is given back.
      expect(await balanceOf(organizationId)).toBe(billedTwice);
      const [entry] = await db()
        .select()
        .from(creditTransactions)
        .where(
          and(
            eq(creditTransactions.renewalId, renewal!.id),
            eq(creditTransactions.kind, 'proration'),
          ),
        );
      expect(entry!.description).toMatch(/: usage metered since .* that the renewal paid for$/);
      // Hours metered from now on follow the four nodes paid for: nothing billable.
      await t.app.services.usage.meterAll(new Date(Date.now() + 2 * hour));
      const billable = await db()
        .select({ billable: usageRecords.billableMilli })
        .from(usageRecords)
        .where(
          and(
            eq(usageRecords.clusterId, clusterId),
            eq(usageRecords.metric, 'node_hours'),
            sql`${usageRecords.billableMilli} > 0`,
          ),
        );
      expect(billable).toHaveLength(metered.length);
    });

    it('a cluster deleted while its renewal is unpaid still owes the days its period ran, charged like a renewal', async () => {
      const { client, clusterId, organizationId } = await paidCluster('gone-overdue');
      await useCard(client, CARDS.declined);
      const subscription = await subscriptionOf(clusterId);
      const end = new Date(Date.now() - 3 * DAY);
      await endPeriodAt(subscription.id, end);
      await renewAt(new Date(end.getTime() + 60_000));
      const [open] = await renewalsOf(subscription.id);
      expect(open).toMatchObject({ status: 'pending', lastError: 'Your card was declined.' });

      const deleted = await client.request({
        method: 'DELETE',
        url: `/api/clusters/${clusterId}`,
        payload: { name: 'gone-overdue' },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await settleJobs(t.app);
      expect((await subscriptionOf(clusterId)).status).toBe('cancelled');
      const [closed] = await renewalsOf(subscription.id);
      // Three days of the period it was not paid for, at what the last period prepaid.
      const owed = proratedCharge(
        subscription.periodPriceCents,
        72,
        periodHours(open!.periodStart, open!.periodEnd),
      );
      expect(owed).toBeGreaterThan(0);
      expect(closed).toMatchObject({ status: 'pending', amountCents: owed });
      expect(closed!.periodEnd.toISOString()).toBe(closed!.closedAt!.toISOString());
      expect(closed!.description).toMatch(
        /^Renewal of cluster gone-overdue, .* \(72 hours, until it ended\)$/,
      );

      await useCard(client, CARDS.ok);
      const paid = await client.post(`/api/billing/renewals/${closed!.id}/pay`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const charges = await chargesOf(closed!.id);
      expect(charges.filter((c) => c.status === 'succeeded').map((c) => c.amountCents)).toEqual([
        owed,
      ]);
      expect((await renewalsOf(subscription.id))[0]).toMatchObject({
        status: 'paid',
        amountCents: owed,
      });
      expect(
        await adminNotices(organizationId, `(72 hours, until it ended): ${dollarsOf(owed)} paid.`),
      ).toHaveLength(1);
    });

    it('a renewal charged while its cluster is deleted: one lock order, no deadlock, the days used charged', async () => {
      const { client, clusterId } = await paidCluster('racing-delete');
      const subscription = await subscriptionOf(clusterId);
      const end = new Date(Date.now() - 2 * DAY);
      await endPeriodAt(subscription.id, end);
      await useCard(client, CARDS.declined);
      await renewAt(new Date(end.getTime() + 60_000));
      const [open] = await renewalsOf(subscription.id);
      await useCard(client, CARDS.ok);
      const { billing } = t.app.services;
      const now = new Date();
      let charge: Promise<unknown> | undefined;
      // The deletion's finishing transaction holds the cluster and the subscription while a
      // renewal charge starts; on PostgreSQL the charge really waits on a lock meanwhile.
      await db().transaction(async (tx) => {
        await tx.select().from(clusters).where(eq(clusters.id, clusterId)).for('update');
        await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, subscription.id))
          .for('update');
        charge = billing.chargeRenewal(open!.id, { force: true, dueAt: null, now });
        await new Promise((resolve) => setTimeout(resolve, 500));
        await billing.clusterHooks.clusterDeleted(tx, clusterId, await catalogNow(), now);
      });
      expect(await charge).toEqual({ status: 'paid' });
      const [settled] = await renewalsOf(subscription.id);
      const owed = proratedCharge(
        subscription.periodPriceCents,
        48,
        periodHours(open!.periodStart, open!.periodEnd),
      );
      expect(settled).toMatchObject({ status: 'paid', amountCents: owed });
    });

    it("another organization's renewal is not found", async () => {
      const { clusterId } = await paidCluster('foreign');
      const subscription = await subscriptionOf(clusterId);
      const end = new Date(Date.now() - 60_000);
      await endPeriodAt(subscription.id, end);
      await t.app.services.billing.runRenewals(new Date(end.getTime() + 60_000));
      const [renewal] = await renewalsOf(subscription.id);
      const other = await clusterOrderer(t.app);
      const response = await other.client.post(`/api/billing/renewals/${renewal!.id}/pay`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Renewal not found' });
      await t.app.services.jobs.drain();
    });
  });

  describe('proration', () => {
    it('a scale-down credits the unused prepaid part of the nodes removed, once', async () => {
      const { client, clusterId, organizationId, order } = await paidCluster('shrink', {
        nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 4 }],
      });
      const subscription = await subscriptionOf(clusterId);
      // 300 h 30 min into a 720-hour period: 419 whole hours are left.
      const start = new Date(Date.now() - 300.5 * 3_600_000);
      await endPeriodAt(subscription.id, new Date(start.getTime() + 720 * 3_600_000), start);
      const pool = (await client.get(`/api/clusters/${clusterId}`)).json().nodePools[0];
      const scaled = await client.patch(`/api/clusters/${clusterId}/node-pools/${pool.id}`, {
        count: 3,
      });
      expect(scaled.statusCode, scaled.body).toBe(200);
      await settleJobs(t.app);

      const smaller = {
        ...order.cluster!,
        nodePools: [{ ...order.cluster!.nodePools[0]!, count: 3 }],
      };
      const removed = order.subtotal - (await periodPrice(smaller));
      const credit = Math.floor((removed * 419) / 720);
      expect(credit).toBeGreaterThan(0);
      expect(await balanceOf(organizationId)).toBe(credit);
      const [entry] = await db()
        .select()
        .from(creditTransactions)
        .where(
          and(
            eq(creditTransactions.organizationId, organizationId),
            eq(creditTransactions.kind, 'proration'),
          ),
        );
      expect(entry!.amountCents).toBe(credit);
      expect(entry!.description).toBe(
        'Cluster shrink made smaller (pool general 4 → 3 nodes): the unused part of its prepaid period, 419 of 720 hours',
      );
      const lowered = await subscriptionOf(clusterId);
      expect(lowered.paidConfig!.nodePools[0]!.count).toBe(3);
      expect(lowered.periodPriceCents).toBe(order.subtotal - removed);

      // Scaling up again changes nothing here (metering bills the extra node by the hour)...
      const up = await client.patch(`/api/clusters/${clusterId}/node-pools/${pool.id}`, {
        count: 4,
      });
      expect(up.statusCode, up.body).toBe(200);
      await settleJobs(t.app);
      expect((await subscriptionOf(clusterId)).paidConfig!.nodePools[0]!.count).toBe(3);
      expect(await balanceOf(organizationId)).toBe(credit);

      // ...and the deletion credits what is left of the period: the three nodes paid, and the rest.
      const deleted = await client.request({
        method: 'DELETE',
        url: `/api/clusters/${clusterId}`,
        payload: { name: 'shrink' },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await settleJobs(t.app);
      const gone = await subscriptionOf(clusterId);
      expect(gone.status).toBe('cancelled');
      const deletionCredit = Math.floor(((order.subtotal - removed) * 419) / 720);
      expect(await balanceOf(organizationId)).toBe(credit + deletionCredit);
      const entries = await db()
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.organizationId, organizationId))
        .orderBy(creditTransactions.id);
      expect(entries.at(-1)!.description).toBe(
        'Cluster shrink deleted: the unused part of its prepaid period, 419 of 720 hours',
      );

      // A deleted cluster's subscription is not renewed.
      await renewAt(new Date(gone.periodEnd.getTime() + 60_000));
      expect(await renewalsOf(gone.id)).toEqual([]);
    });

    it('removing a node pool credits its nodes', async () => {
      const { client, clusterId, organizationId, order } = await paidCluster('two-pools', {
        nodePools: [
          { name: 'general', size: 'm-4vcpu-16gb', count: 3 },
          { name: 'batch', size: 'm-4vcpu-16gb', count: 2 },
        ],
      });
      const subscription = await subscriptionOf(clusterId);
      const start = new Date(Date.now() - 100.25 * 3_600_000);
      await endPeriodAt(subscription.id, new Date(start.getTime() + 744 * 3_600_000), start);
      const batch = (await client.get(`/api/clusters/${clusterId}`))
        .json()
        .nodePools.find((p: { name: string }) => p.name === 'batch');
      const removal = await client.delete(`/api/clusters/${clusterId}/node-pools/${batch.id}`);
      expect(removal.statusCode, removal.body).toBe(200);
      await settleJobs(t.app);
      const without = { ...order.cluster!, nodePools: [order.cluster!.nodePools[0]!] };
      const removed = order.subtotal - (await periodPrice(without));
      expect(await balanceOf(organizationId)).toBe(Math.floor((removed * 643) / 744));
      expect((await subscriptionOf(clusterId)).paidConfig!.nodePools.map((p) => p.name)).toEqual([
        'general',
      ]);
    });

    it('a cluster whose provisioning failed has its subscription cancelled, with no credit beyond the refund', async () => {
      const who = await clusterOrderer(t.app);
      t.app.services.providers.faults.inject('control-plane', 10, 'Control plane timed out');
      const order = await orderCluster(who.client, { name: 'never' });
      await settleJobs(t.app);
      t.app.services.providers.faults.clear();
      expect((await subscriptionOf(order.clusterId!)).status).toBe('cancelled');
      expect(await balanceOf(who.organizationId)).toBe(order.total);
    });
  });

  describe('support plans', () => {
    let planKeys = 0;
    /** `PUT /api/billing/plans` with a fresh Idempotency-Key unless one is given. */
    const putPlan = (client: Client, body: object, key = `plan-${Date.now()}-${++planKeys}`) =>
      client.request({
        method: 'PUT',
        url: '/api/billing/plans',
        headers: { 'idempotency-key': key },
        payload: body,
      });

    it('takes an Idempotency-Key: the same request again answers the same order, another body is a 409', async () => {
      const { client, organizationId } = await clusterOrderer(t.app);
      const body = { plan: 'business', billingCycle: 'monthly' };
      const missing = await client.put('/api/billing/plans', body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Send an Idempotency-Key header/);

      const first = await putPlan(client, body, 'plan-key-1');
      expect(first.statusCode, first.body).toBe(200);
      const again = await putPlan(client, body, 'plan-key-1');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json<Order>().id).toBe(first.json<Order>().id);
      const other = await putPlan(
        client,
        { plan: 'enterprise', billingCycle: 'monthly' },
        'plan-key-1',
      );
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(
        'This Idempotency-Key was already used for a different order.',
      );
      const placed = await db()
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.organizationId, organizationId), eq(orders.kind, 'support')));
      expect(placed).toHaveLength(1);
    });
    it('lists the plans, changes to a paid one through an order, and back to the free one', async () => {
      const { client, organizationId } = await clusterOrderer(t.app);
      const initial = (await client.get('/api/billing/plans')).json<BillingPlans>();
      expect(initial.current).toBe('basic');
      expect(initial.billingCycle).toBe('monthly');
      expect(initial.renewsAt).toBeNull();
      expect(initial.plans.map((plan) => [plan.slug, plan.current])).toEqual([
        ['basic', true],
        ['business', false],
        ['enterprise', false],
      ]);

      expect((await putPlan(client, { plan: 'basic', billingCycle: 'monthly' })).statusCode).toBe(
        409,
      );
      const unknown = await putPlan(client, {
        plan: 'platinum',
        billingCycle: 'monthly',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('plan: There is no support plan platinum');

      const placed = await putPlan(client, {
        plan: 'business',
        billingCycle: 'monthly',
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = placed.json<Order>();
      expect(order).toMatchObject({
        kind: 'support',
        status: 'pending_payment',
        total: 49_900,
        promoCode: null,
        cluster: null,
      });
      // Not applied before it is paid.
      expect((await client.get('/api/billing/plans')).json<BillingPlans>().current).toBe('basic');

      const paid = await client.post(`/api/orders/${order.id}/pay`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const completed = (await client.get(`/api/orders/${order.id}`)).json<Order>();
      expect(completed.status).toBe('completed');
      expect(completed.timeline.map((event) => event.status)).toEqual([
        'pending_payment',
        'paid',
        'completed',
      ]);
      const plans = (await client.get('/api/billing/plans')).json<BillingPlans>();
      expect(plans.current).toBe('business');
      expect(plans.renewsAt).toBe(addPeriod(new Date(completed.paidAt!), 'monthly').toISOString());
      const [support] = await db()
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.organizationId, organizationId), eq(subscriptions.kind, 'support')),
        );
      expect(support).toMatchObject({
        supportPlan: 'business',
        periodPriceCents: 49_900,
        status: 'active',
        orderId: order.id,
      });
      expect(
        (await putPlan(client, { plan: 'business', billingCycle: 'monthly' })).statusCode,
      ).toBe(409);

      // The support plan renews at its price when its period ends.
      const end = new Date(Date.now() - 60_000);
      await endPeriodAt(support!.id, end);
      await renewAt(new Date(end.getTime() + 60_000));
      const [renewal] = await renewalsOf(support!.id);
      expect(renewal).toMatchObject({ status: 'paid', amountCents: 49_900 });
      expect(renewal!.description).toMatch(/^Renewal of the Business support plan, /);

      // Back to the free plan: at once, a completed order of nothing, the subscription ends.
      const free = await putPlan(client, {
        plan: 'basic',
        billingCycle: 'monthly',
      });
      expect(free.statusCode, free.body).toBe(200);
      expect(free.json<Order>()).toMatchObject({ kind: 'support', status: 'completed', total: 0 });
      const back = (await client.get('/api/billing/plans')).json<BillingPlans>();
      expect(back.current).toBe('basic');
      expect(back.renewsAt).toBeNull();
      const [cancelled] = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, support!.id));
      expect(cancelled!.status).toBe('cancelled');
      // Most of the renewed month was unused: it comes back as credit.
      expect(await balanceOf(organizationId)).toBeGreaterThan(49_900 - 200);
    });

    /** An organization on the paid Business plan, monthly: its support subscription. */
    async function onBusinessPlan() {
      const who = await clusterOrderer(t.app);
      const placed = await putPlan(who.client, { plan: 'business', billingCycle: 'monthly' });
      const paid = await who.client.post(`/api/orders/${placed.json<Order>().id}/pay`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const [support] = await db()
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.organizationId, who.organizationId),
            eq(subscriptions.kind, 'support'),
          ),
        );
      return { ...who, support: support! };
    }

    it('a double click on the free plan places one order, and both answers are that order', async () => {
      const { client, organizationId } = await onBusinessPlan();
      const body = { plan: 'basic', billingCycle: 'monthly' };
      const answers = await Promise.all([
        putPlan(client, body, 'double-click'),
        putPlan(client, body, 'double-click'),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const [first, second] = answers.map((answer) => answer.json<Order>());
      expect(second!.id).toBe(first!.id);
      const placed = await db()
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.organizationId, organizationId), eq(orders.kind, 'support')));
      expect(placed).toHaveLength(2);
    });

    it('a double click on the free plan with two keys places one order; the second is told the plan is current', async () => {
      const { client, organizationId } = await onBusinessPlan();
      const body = { plan: 'basic', billingCycle: 'monthly' };
      const answers = await Promise.all([putPlan(client, body), putPlan(client, body)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json().message).toBe('Your organization is already on the Basic plan.');
      const placed = await db()
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.organizationId, organizationId),
            eq(orders.kind, 'support'),
            eq(orders.totalCents, 0),
          ),
        );
      expect(placed).toHaveLength(1);
      const live = await db()
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.organizationId, organizationId),
            sql`${subscriptions.status} <> 'cancelled'`,
          ),
        );
      expect(live).toHaveLength(0);
    });

    it('a plan change while a renewal holds the subscription waits for it: one lock order, no deadlock', async () => {
      const { client, organizationId, support } = await onBusinessPlan();
      const [renewal] = await db()
        .insert(renewals)
        .values({
          subscriptionId: support.id,
          organizationId,
          description: 'Renewal of the Business support plan',
          periodStart: support.periodEnd,
          periodEnd: addPeriod(support.periodEnd, 'monthly'),
          amountCents: support.periodPriceCents,
          nextAttemptAt: support.periodEnd,
        })
        .returning();
      let change!: ReturnType<typeof putPlan>;
      // As a renewal's charge does: the subscription, the renewal, the credit balance last. On
      // PostgreSQL the plan change really starts in between.
      await db().transaction(async (tx) => {
        await tx.select().from(subscriptions).where(eq(subscriptions.id, support.id)).for('update');
        await tx.select().from(renewals).where(eq(renewals.id, renewal!.id)).for('update');
        change = putPlan(client, { plan: 'basic', billingCycle: 'monthly' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx
          .select()
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
      });
      const changed = await change;
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await client.get('/api/billing/plans')).json<BillingPlans>().current).toBe('basic');
    });

    it.runIf(testDbKind() === 'postgres')(
      'a plan change that waited while a paid plan began is a 409, never locks out of order (PostgreSQL)',
      async () => {
        const { client, organizationId } = await clusterOrderer(t.app);
        const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
        let change!: ReturnType<typeof putPlan>;
        let renewal!: Promise<unknown>;
        // A Business order's payment holds the organization; its subscription commits while
        // the plan change, which found none, waits on the organization.
        await db().transaction(async (payment) => {
          await payment
            .select()
            .from(organizations)
            .where(eq(organizations.id, organizationId))
            .for('no key update');
          change = putPlan(client, { plan: 'enterprise', billingCycle: 'monthly' });
          await pause();
          const now = new Date();
          const [support] = await db()
            .insert(subscriptions)
            .values({
              organizationId,
              kind: 'support',
              supportPlan: 'business',
              billingCycle: 'monthly',
              periodPriceCents: 49_900,
              periodStart: now,
              periodEnd: addPeriod(now, 'monthly'),
            })
            .returning();
          // Then someone takes billing's order on it: the subscription, the organization last.
          renewal = db().transaction(async (tx) => {
            await tx
              .select()
              .from(subscriptions)
              .where(eq(subscriptions.id, support!.id))
              .for('update');
            await pause();
            await tx
              .select()
              .from(organizations)
              .where(eq(organizations.id, organizationId))
              .for('update');
          });
          await pause();
        });
        await expect(renewal).resolves.toBeUndefined();
        const changed = await change;
        expect(changed.statusCode, changed.body).toBe(409);
        expect(changed.json().message).toBe(
          'Your support plan changed meanwhile: look at it again before choosing.',
        );
      },
    );

    it('a suspended organization cannot change its plan', async () => {
      const { client, organizationId } = await clusterOrderer(t.app);
      await db()
        .update(organizations)
        .set({ orderingSuspendedAt: new Date(), orderingSuspendedReason: 'Something is unpaid.' })
        .where(eq(organizations.id, organizationId));
      const refused = await putPlan(client, {
        plan: 'business',
        billingCycle: 'yearly',
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toContain('Something is unpaid.');
    });
  });

  describe('billing details', () => {
    /** The first member of a fresh, approved organization (its admin), with a verified address. */
    async function detailsAdmin(companyName: string) {
      const { client, user } = await registerUser(t.app, { companyName });
      const { organizationId } = (await db().select().from(users).where(eq(users.id, user.id)))[0]!;
      await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await db()
        .update(organizations)
        .set({ status: 'active' })
        .where(eq(organizations.id, organizationId));
      await t.app.services.sessions.userChanged(db(), user.id);
      return { client, user, organizationId };
    }
    const germanDetails = (vatNumber: string | null) => ({
      legalName: 'Details GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      country: 'de',
      vatNumber,
      email: 'billing@details.example',
    });
    /** The mails telling an admin that the billing details changed. */
    const changeMailsTo = (email: string) =>
      db()
        .select()
        .from(outgoingMail)
        .where(
          and(
            eq(outgoingMail.to, email),
            eq(outgoingMail.subject, 'Your organization’s billing details changed'),
          ),
        );
    const detailsOf = async (client: Client) =>
      (await client.get('/api/billing/details')).json<BillingDetails>();

    it('reverse-charges a VAT number only once the registry confirmed it, and says why until then', async () => {
      const { client, user, organizationId } = await detailsAdmin('Details Co');
      expect(await detailsOf(client)).toEqual({
        legalName: 'Details Co',
        address: '',
        country: '',
        vatNumber: null,
        email: user.email,
        vatNumberCheck: null,
        vatTreatment: 'standard',
        vatRateBasisPoints: 2000,
      });

      // A number with the right prefix is not enough: VAT is charged while it waits for the check.
      const madeUp = await client.put('/api/billing/details', germanDetails('DE 123.456.789'));
      expect(madeUp.statusCode, madeUp.body).toBe(200);
      expect(madeUp.json<BillingDetails>()).toEqual({
        legalName: 'Details GmbH',
        address: 'Hauptstraße 1\n10115 Berlin',
        country: 'DE',
        vatNumber: 'DE123456789',
        email: 'billing@details.example',
        vatNumberCheck: { status: 'pending', checkedAt: null, registry: null },
        vatTreatment: 'standard',
        vatRateBasisPoints: 2000,
      });
      await t.app.services.jobs.drain();
      expect(await detailsOf(client)).toMatchObject({
        vatNumberCheck: { status: 'invalid', registry: 'simulated' },
        vatTreatment: 'standard',
        vatRateBasisPoints: 2000,
      });

      // The simulated registry (development and tests) knows the demo organization's number.
      const registered = await client.put('/api/billing/details', germanDetails('DE811907980'));
      expect(registered.json<BillingDetails>()).toMatchObject({
        vatNumberCheck: { status: 'pending' },
        vatTreatment: 'standard',
      });
      await t.app.services.jobs.drain();
      const confirmed = await detailsOf(client);
      expect(confirmed).toMatchObject({
        vatNumberCheck: { status: 'valid', registry: 'simulated' },
        vatTreatment: 'reverse_charge',
        vatRateBasisPoints: 0,
      });
      // The same number with a new address keeps its confirmation and asks nobody again.
      const moved = await client.put('/api/billing/details', {
        ...germanDetails('DE811907980'),
        address: 'Neue Straße 2\n10115 Berlin',
      });
      expect(moved.json<BillingDetails>()).toMatchObject({
        vatNumberCheck: confirmed.vatNumberCheck!,
        vatTreatment: 'reverse_charge',
      });
      const checksOf = async (vatNumber: string) =>
        db()
          .select({ runAt: jobs.runAt, status: jobs.status })
          .from(jobs)
          .where(
            and(
              eq(jobs.type, 'billing.check-vat-number'),
              sql`${jobs.payload}->>'vatNumber' = ${vatNumber}`,
            ),
          );
      expect(await checksOf('DE811907980')).toHaveLength(1);

      // A registry that does not answer: VAT is charged, and the number is asked again later.
      await client.put('/api/billing/details', germanDetails('DE123456000'));
      await t.app.services.jobs.drain();
      expect(await detailsOf(client)).toMatchObject({
        vatNumberCheck: { status: 'unavailable', registry: 'simulated' },
        vatTreatment: 'standard',
      });
      const [again] = await checksOf('DE123456000');
      expect(again!.status).toBe('pending');
      expect(again!.runAt.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);

      const audit = await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'billing.details_update'),
            eq(auditEvents.organizationId, organizationId),
          ),
        );
      expect(audit.map((row) => row.details)).toContainEqual({
        country: 'DE',
        vatTreatment: 'standard',
        vatNumberStatus: 'pending',
      });
      expect(audit.every((row) => row.actorUserId === user.id)).toBe(true);
      // The admins are told, by a mail with nothing the requester typed in it.
      const mails = await changeMailsTo(user.email);
      expect(mails).toHaveLength(4);
      for (const mail of mails) {
        expect(mail.text).not.toMatch(/Details GmbH|Berlin|DE\d|billing@details/);
        expect(mail.text).toContain('/billing#billing-details');
      }
    });

    it('saves every change however many in a row: past the mail share the admins are told in the app only', async () => {
      const { client, user } = await detailsAdmin('Details Many Saves');
      for (const street of ['1', '2', '3', '4', '5', '6', '7']) {
        const saved = await client.put('/api/billing/details', {
          ...germanDetails(null),
          address: `Hauptstraße ${street}\n10115 Berlin`,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      expect((await detailsOf(client)).address).toBe('Hauptstraße 7\n10115 Berlin');
      const told = await db()
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, user.id),
            like(notifications.message, '%changed your organization’s billing details%'),
          ),
        );
      expect(told).toHaveLength(7);
      const mails = await changeMailsTo(user.email);
      // Registering mailed the address once: five mails in 15 minutes to one address at most.
      expect(mails.length).toBeLessThan(7);
      expect(mails.length).toBeGreaterThan(0);
    });

    it('refuses bad input and everyone but the organization’s admins, tokens included', async () => {
      const { client, organizationId } = await detailsAdmin('Details Guarded');
      // A French business pays French VAT, confirmed or not; a business without a number too.
      const france = await client.put('/api/billing/details', {
        ...germanDetails('FR12345678901'),
        country: 'FR',
      });
      expect(france.json<BillingDetails>().vatTreatment).toBe('standard');
      const noNumber = await client.put('/api/billing/details', germanDetails(null));
      expect(noNumber.json<BillingDetails>()).toMatchObject({
        vatNumberCheck: null,
        vatTreatment: 'standard',
        vatRateBasisPoints: 2000,
      });
      const wrongPrefix = await client.put('/api/billing/details', germanDetails('FR12345678901'));
      expect(wrongPrefix.statusCode).toBe(400);
      expect(wrongPrefix.json().message).toContain('starts with DE');
      const malformed = await client.put('/api/billing/details', germanDetails('not a number!'));
      expect(malformed.statusCode).toBe(400);
      expect(
        (await client.put('/api/billing/details', { legalName: '', address: 'x' })).statusCode,
      ).toBe(400);

      // A customer of the organization reads them and changes nothing, by session or by token.
      const colleague = await registerUser(t.app, {});
      await db()
        .update(users)
        .set({ organizationId, role: 'user', status: 'active', emailVerified: true })
        .where(eq(users.id, colleague.user.id));
      await t.app.services.sessions.userChanged(db(), colleague.user.id);
      expect((await colleague.client.get('/api/billing/details')).statusCode).toBe(200);
      const bySession = await colleague.client.put(
        '/api/billing/details',
        germanDetails('DE811907980'),
      );
      expect(bySession.statusCode).toBe(403);
      const tokenOf = async (owner: Client) => {
        const created = await owner.post('/api/api-tokens', {
          name: 'billing',
          scopes: ['billing:write'],
          expiresInDays: 30,
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json<{ token: string }>().token;
      };
      const put = (token: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/billing/details',
          headers: { authorization: `Bearer ${token}` },
          payload: germanDetails('DE811907980'),
        });
      expect((await put(await tokenOf(colleague.client))).statusCode).toBe(403);
      expect((await detailsOf(client)).vatNumber).toBeNull();
      // An admin's token may.
      expect((await put(await tokenOf(client))).statusCode).toBe(200);
      expect((await detailsOf(client)).vatNumber).toBe('DE811907980');
    });
  });
});
