import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  creditTransactions,
  invoices,
  notifications,
  organizations,
  outgoingMail,
  testGatewayCharges,
  users,
} from '../../src/db/schema.ts';
import { clusterOrderer } from '../support/clusters.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';

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
        t.app.services.billing.chargeInvoice(invoice.id),
        t.app.services.billing.chargeInvoice(invoice.id),
      ]);
      expect([first.status, second.status]).toEqual(['paid', 'paid']);
      await t.app.services.billing.chargeInvoice(invoice.id);

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
      expect(await t.app.services.billing.chargeInvoice(covered.id)).toEqual({ status: 'paid' });
      expect(await t.app.services.billing.chargeInvoice(nothingDue.id)).toEqual({
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
      expect(await t.app.services.billing.chargeInvoice(invoice.id)).toEqual({
        status: 'skipped',
      });
      expect((await invoiceRow(invoice.id)).paymentAttempts).toBe(0);
    });

    it('a declined card leaves it open with the reason, gives the credit back and tells the admins', async () => {
      const { client, organizationId } = await clusterOrderer(t.app);
      await useCard(client, CARDS.declined);
      await setCredit(organizationId, 300);
      const invoice = await openInvoice(organizationId, 1_000);

      const outcome = await t.app.services.billing.chargeInvoice(invoice.id);
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
      expect(await t.app.services.billing.chargeInvoice(invoice.id)).toEqual({ status: 'paid' });
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
      expect(await t.app.services.billing.chargeInvoice(invoice.id)).toEqual({
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
        await expect(t.app.services.billing.chargeInvoice(invoice.id)).rejects.toThrow(
          'connection lost',
        );
        expect(await invoiceRow(invoice.id)).toMatchObject({
          status: 'open',
          creditAppliedCents: 100,
          cardChargedCents: 900,
        });
        expect(await t.app.services.billing.chargeInvoice(invoice.id)).toEqual({
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
  });
});
