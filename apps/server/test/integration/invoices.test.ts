import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  REVERSE_CHARGE_NOTE,
  type Invoice,
  type InvoiceSummary,
  type UsageMetric,
} from '@alpenkube/contract';
import {
  auditEvents,
  billingDetails,
  clusters,
  invoices,
  notifications,
  orders,
  organizations,
  outgoingMail,
  renewals,
  subscriptions,
  testGatewayRefunds,
  usageRecords,
  users,
} from '../../src/db/schema.ts';
import { setMeteredThrough } from '../support/metering-cursor.ts';
import { clusterOrderer } from '../support/clusters.ts';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Midnight UTC of the first day of the month `offset` months from now's. */
function monthStart(offset = 0) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

describe('monthly invoices', () => {
  let t: TestApp;
  /** The month closed by most tests: last month, up to this month's first midnight. */
  const lastMonth = monthStart(-1);
  const boundary = monthStart(0);
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const service = () => t.app.services.invoices;

  /** An approved organization with an admin (its founder) signed in; a saved card unless `card: false`. */
  async function organization(options: { card?: boolean } = {}) {
    const member = options.card === false ? await cardlessOrderer() : await clusterOrderer(t.app);
    // Founded three months ago, so last month is a whole month of it.
    await db()
      .update(organizations)
      .set({ createdAt: monthStart(-3) })
      .where(eq(organizations.id, member.organizationId));
    return member;
  }

  async function cardlessOrderer() {
    const { client, user } = await registerUser(t.app, {
      companyName: `Cardless ${Math.random().toString(36).slice(2, 10)}`,
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    await db()
      .update(organizations)
      .set({ status: 'active' })
      .where(eq(organizations.id, row!.organizationId));
    await t.app.services.sessions.userChanged(db(), user.id);
    return { client, userId: user.id, organizationId: row!.organizationId };
  }

  async function paidOrder(
    organizationId: number,
    totalCents: number,
    paidAt: Date,
    status = 'completed',
  ) {
    const [order] = await db()
      .insert(orders)
      .values({
        organizationId,
        kind: 'cluster',
        description: `Cluster web: Blue, ${totalCents} cents`,
        lines: [],
        subtotalCents: totalCents,
        totalCents,
        status: status as 'completed',
        paidAt,
      })
      .returning();
    return order!;
  }

  async function paidRenewal(organizationId: number, amountCents: number, paidAt: Date) {
    const [subscription] = await db()
      .insert(subscriptions)
      .values({
        organizationId,
        kind: 'support',
        supportPlan: 'business',
        billingCycle: 'monthly',
        periodPriceCents: amountCents,
        periodStart: paidAt,
        periodEnd: new Date(paidAt.getTime() + 30 * DAY),
      })
      .returning();
    const [renewal] = await db()
      .insert(renewals)
      .values({
        subscriptionId: subscription!.id,
        organizationId,
        description: 'Support plan Business',
        periodStart: paidAt,
        periodEnd: new Date(paidAt.getTime() + 30 * DAY),
        amountCents,
        status: 'paid',
        paidAt,
      })
      .returning();
    return renewal!;
  }

  async function cluster(organizationId: number, name: string) {
    const [tier] = (await t.app.services.catalog.tiers()).value;
    const [row] = await db()
      .insert(clusters)
      .values({
        organizationId,
        name,
        tierId: tier!.id,
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        kubernetesPatch: '1.37.2',
        status: 'running',
      })
      .returning();
    // Metered already: the month-end close has nothing more to meter for it.
    await setMeteredThrough(db(), row!.id, new Date());
    return row!.id;
  }

  /** One record per hour from `from`, `hours` of them. */
  async function usage(
    organizationId: number,
    clusterId: number,
    metric: UsageMetric,
    from: Date,
    hours: number,
    each: { quantityMilli: number; billableMilli: number; costMillicents: number },
  ) {
    await db()
      .insert(usageRecords)
      .values(
        Array.from({ length: hours }, (_, index) => ({
          organizationId,
          clusterId,
          metric,
          hour: new Date(from.getTime() + index * HOUR),
          ...each,
        })),
      );
  }

  async function superAdmin() {
    const { client, user } = await registerUser(t.app, {
      companyName: `Operators ${Math.random().toString(36).slice(2, 10)}`,
    });
    await db()
      .update(users)
      .set({ role: 'super_admin', emailVerified: true, totpEnabled: true })
      .where(eq(users.id, user.id));
    await t.app.services.sessions.userChanged(db(), user.id);
    return client;
  }

  const sequenceOf = (number: string) => {
    const match = /^INV-(\d{4})-(\d{6})$/.exec(number);
    expect(match, number).not.toBeNull();
    expect(Number(match![1])).toBe(year);
    return Number(match![2]);
  };

  describe('closing a month', () => {
    it('bills paid orders and renewals as prepaid and usage by cluster and metric, with VAT', async () => {
      const { client, organizationId, userId } = await organization();
      const order = await paidOrder(
        organizationId,
        10_000,
        new Date(lastMonth.getTime() + 2 * DAY),
      );
      await paidOrder(organizationId, 5_000, new Date(lastMonth.getTime() + 3 * DAY), 'fulfilling');
      // Not billed: paid before the period (an earlier invoice's), failed, paid after it.
      await paidOrder(organizationId, 777, new Date(lastMonth.getTime() + 4 * DAY), 'failed');
      await paidOrder(organizationId, 888, new Date(boundary.getTime() + HOUR));
      const renewal = await paidRenewal(
        organizationId,
        2_500,
        new Date(lastMonth.getTime() + 5 * DAY),
      );
      const web = await cluster(organizationId, 'web');
      const api = await cluster(organizationId, 'api');
      // web: 10 node-hours of 3 nodes, 2 of them billable, at 3,333 millicents an hour each.
      await usage(organizationId, web, 'node_hours', new Date(lastMonth.getTime() + 6 * DAY), 10, {
        quantityMilli: 3000,
        billableMilli: 2000,
        costMillicents: 3_333,
      });
      await usage(
        organizationId,
        web,
        'control_plane_hours',
        new Date(lastMonth.getTime() + 6 * DAY),
        10,
        {
          quantityMilli: 1000,
          billableMilli: 0,
          costMillicents: 0,
        },
      );
      // api: egress of 0.5 GB an hour for 4 hours, and no storage at all (no line).
      await usage(organizationId, api, 'egress_gb', new Date(lastMonth.getTime() + 7 * DAY), 4, {
        quantityMilli: 500,
        billableMilli: 500,
        costMillicents: 500,
      });
      await usage(
        organizationId,
        api,
        'storage_gb_hours',
        new Date(lastMonth.getTime() + 7 * DAY),
        2,
        {
          quantityMilli: 0,
          billableMilli: 0,
          costMillicents: 0,
        },
      );
      // This month's hour belongs to the next invoice.
      await usage(organizationId, web, 'node_hours', boundary, 1, {
        quantityMilli: 3000,
        billableMilli: 2000,
        costMillicents: 3_333,
      });

      const invoice = (await service().closeMonth(organizationId, boundary))!;
      expect(invoice).not.toBeNull();
      sequenceOf(invoice.number);
      expect(invoice.periodStart).toBe(lastMonth.toISOString());
      expect(invoice.periodEnd).toBe(boundary.toISOString());
      expect(invoice.lines).toEqual([
        {
          kind: 'order',
          description: `Order ORD-${String(order.id).padStart(6, '0')}: Cluster web: Blue, 10000 cents`,
          clusterId: null,
          metric: null,
          quantity: 1,
          unit: 'order',
          amount: 10_000,
        },
        expect.objectContaining({ kind: 'order', amount: 5_000 }),
        {
          kind: 'renewal',
          description: 'Renewal: Support plan Business',
          clusterId: null,
          metric: null,
          quantity: 1,
          unit: 'period',
          amount: 2_500,
        },
        {
          kind: 'usage',
          description: 'Cluster api: Egress',
          clusterId: api,
          metric: 'egress_gb',
          quantity: 2,
          unit: 'GB',
          amount: 2,
        },
        {
          kind: 'usage',
          description: 'Cluster web: Control plane',
          clusterId: web,
          metric: 'control_plane_hours',
          quantity: 10,
          unit: 'hours',
          amount: 0,
        },
        {
          kind: 'usage',
          description: 'Cluster web: Nodes',
          clusterId: web,
          metric: 'node_hours',
          quantity: 30,
          unit: 'node-hours',
          // 33,330 millicents, rounded once: 33 cents.
          amount: 33,
        },
      ]);
      expect(renewal.id).toBeGreaterThan(0);
      // 17,535 net; VAT 20% = 3,507; prepaid 17,500; due 3,542.
      expect(invoice).toMatchObject({
        subtotal: 17_535,
        vatTreatment: 'standard',
        vatRateBasisPoints: 2000,
        tax: 3_507,
        total: 21_042,
        prepaid: 17_500,
        amountDue: 3_542,
        taxNote: null,
        currency: 'USD',
      });
      // Charged at once from the saved card.
      expect(invoice.status).toBe('paid');
      expect(invoice.cardCharged).toBe(3_542);

      // The records billed point at it; this month's does not.
      const unbilled = await db()
        .select()
        .from(usageRecords)
        .where(
          and(eq(usageRecords.organizationId, organizationId), isNull(usageRecords.invoiceId)),
        );
      expect(unbilled.map((row) => row.hour.toISOString())).toEqual([boundary.toISOString()]);
      const billed = await db()
        .select()
        .from(usageRecords)
        .where(eq(usageRecords.invoiceId, invoice.id));
      expect(billed).toHaveLength(26);

      // The admin is told, in the app and by mail.
      const [notice] = await db()
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), sql`${notifications.message} like 'Invoice %'`),
        );
      expect(notice!.message).toBe(`Invoice ${invoice.number} issued: $210.42, $35.42 due.`);
      const mails = await db()
        .select()
        .from(outgoingMail)
        .where(eq(outgoingMail.subject, `Invoice ${invoice.number} issued: $35.42 due`));
      expect(mails).toHaveLength(1);

      // What the API answers is what was issued.
      const read = await client.get(`/api/billing/invoices/${invoice.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json<Invoice>()).toEqual(invoice);
      expect(read.json<Invoice>().billedTo.name).toMatch(/^Clusters Co /);
    });

    it('applies the reverse charge to an EU business abroad, and keeps the billed-to snapshot', async () => {
      const { client, organizationId } = await organization();
      await db().insert(billingDetails).values({
        organizationId,
        legalName: 'Acme GmbH',
        address: 'Hauptstraße 1\n10115 Berlin',
        country: 'DE',
        vatNumber: 'DE123456789',
        // The EU's registry confirmed it: only then is it reverse-charged.
        vatNumberStatus: 'valid',
        vatRegistry: 'vies',
        email: 'billing@acme.test',
      });
      await paidOrder(organizationId, 10_000, new Date(lastMonth.getTime() + DAY));
      const web = await cluster(organizationId, 'web');
      await usage(organizationId, web, 'node_hours', new Date(lastMonth.getTime() + DAY), 3, {
        quantityMilli: 1000,
        billableMilli: 1000,
        costMillicents: 100_000,
      });
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      expect(invoice).toMatchObject({
        vatTreatment: 'reverse_charge',
        vatRateBasisPoints: 0,
        taxNote: REVERSE_CHARGE_NOTE,
        subtotal: 10_300,
        tax: 0,
        total: 10_300,
        prepaid: 10_000,
        amountDue: 300,
        billedTo: {
          name: 'Acme GmbH',
          address: 'Hauptstraße 1\n10115 Berlin',
          country: 'DE',
          vatNumber: 'DE123456789',
          email: 'billing@acme.test',
        },
      });

      // New details change the next invoice, not this one.
      await db()
        .update(billingDetails)
        .set({ legalName: 'Acme SE', vatNumber: null })
        .where(eq(billingDetails.organizationId, organizationId));
      const again = await client.get(`/api/billing/invoices/${invoice.id}`);
      expect(again.json<Invoice>().billedTo.name).toBe('Acme GmbH');
      expect(again.json<Invoice>().vatTreatment).toBe('reverse_charge');
    });

    it('charges French VAT to a customer without a VAT number', async () => {
      const { organizationId } = await organization();
      await db().insert(billingDetails).values({
        organizationId,
        legalName: 'Acme GmbH',
        address: 'Hauptstraße 1',
        country: 'DE',
        vatNumber: null,
        email: 'billing@acme.test',
      });
      await paidOrder(organizationId, 12_345, new Date(lastMonth.getTime() + DAY));
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      // 12,345 × 20% = 2,469.
      expect(invoice).toMatchObject({ vatTreatment: 'standard', tax: 2_469, amountDue: 2_469 });
    });

    it('issues nothing for an empty month', async () => {
      const { organizationId } = await organization();
      expect(await service().closeMonth(organizationId, boundary)).toBeNull();
      expect(
        await db().select().from(invoices).where(eq(invoices.organizationId, organizationId)),
      ).toEqual([]);
    });

    it('numbers invoices without gaps across organizations, a rolled-back close taking none', async () => {
      const [a, b, c] = [await organization(), await organization(), await organization()];
      for (const { organizationId } of [a, b, c]) {
        await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      }
      const web = await cluster(b.organizationId, 'web');
      await usage(b.organizationId, web, 'node_hours', new Date(lastMonth.getTime() + DAY), 2, {
        quantityMilli: 1000,
        billableMilli: 1000,
        costMillicents: 1000,
      });
      const first = sequenceOf((await service().closeMonth(a.organizationId, boundary))!.number);

      // B's close fails after it took its number (its invoice's insert): all of it rolls back.
      await db().execute(
        sql.raw(`
        create function invoices_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.organization_id = ${b.organizationId} then raise exception 'refused by the test'; end if;
          return new;
        end $$`),
      );
      await db().execute(
        sql.raw(`create trigger invoices_test_refuse before insert on invoices
          for each row execute function invoices_test_refuse()`),
      );
      try {
        await expect(service().closeMonth(b.organizationId, boundary)).rejects.toThrow();
      } finally {
        await db().execute(sql.raw('drop trigger invoices_test_refuse on invoices'));
        await db().execute(sql.raw('drop function invoices_test_refuse()'));
      }
      const stillUnbilled = await db()
        .select()
        .from(usageRecords)
        .where(and(eq(usageRecords.clusterId, web), isNull(usageRecords.invoiceId)));
      expect(stillUnbilled).toHaveLength(2);

      const second = sequenceOf((await service().closeMonth(c.organizationId, boundary))!.number);
      const third = sequenceOf((await service().closeMonth(b.organizationId, boundary))!.number);
      expect([second, third]).toEqual([first + 1, first + 2]);
    });

    it('closes a period once, closed twice in a row or twice at once', async () => {
      const { organizationId } = await organization();
      await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const racing = await Promise.all([
        service().closeMonth(organizationId, boundary),
        service().closeMonth(organizationId, boundary),
      ]);
      const issued = racing.filter((invoice) => invoice !== null);
      expect(issued.length).toBeGreaterThan(0);
      expect(new Set(issued.map((invoice) => invoice!.id)).size).toBe(1);
      expect(await service().closeMonth(organizationId, boundary)).toBeNull();
      const rows = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.organizationId, organizationId));
      expect(rows).toHaveLength(1);

      // The loser's number went back: the next invoice follows without a gap.
      const other = await organization();
      await paidOrder(other.organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const next = (await service().closeMonth(other.organizationId, boundary))!;
      expect(sequenceOf(next.number)).toBe(sequenceOf(rows[0]!.number) + 1);
    });

    it.runIf(testDbKind() === 'postgres')(
      "answers the winner's invoice to the close that lost the race for a period",
      async () => {
        const { organizationId } = await organization();
        await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
        // Holding the year's counter lets both closes read the same period start, then wait.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const holder = db().transaction(async (tx) => {
          await tx.execute(
            sql`insert into invoice_number_counters (year, last) values (${year}, 0) on conflict (year) do nothing`,
          );
          await tx.execute(
            sql`select last from invoice_number_counters where year = ${year} for update`,
          );
          locked();
          await held;
        });
        await isLocked;
        const racing = Promise.all([
          service().closeMonth(organizationId, boundary),
          service().closeMonth(organizationId, boundary),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        release();
        await holder;
        const [a, b] = await racing;
        expect(a).not.toBeNull();
        expect(b).not.toBeNull();
        expect(a!.id).toBe(b!.id);
        const rows = await db()
          .select()
          .from(invoices)
          .where(eq(invoices.organizationId, organizationId));
        expect(rows).toHaveLength(1);
      },
    );

    it('starts the next invoice where the last one ended', async () => {
      const { organizationId } = await organization();
      await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const middle = new Date(lastMonth.getTime() + 10 * DAY);
      const first = (await service().closeMonth(organizationId, middle))!;
      await paidOrder(organizationId, 2_000, new Date(lastMonth.getTime() + 20 * DAY));
      const second = (await service().closeMonth(organizationId, boundary))!;
      expect(first.periodEnd).toBe(middle.toISOString());
      expect(second.periodStart).toBe(middle.toISOString());
      expect(second.lines.map((line) => line.amount)).toEqual([2_000]);
    });
  });

  describe('the month-end close', () => {
    it('closes last month for each organization with something to bill, once', async () => {
      const busy = await organization();
      await paidOrder(busy.organizationId, 4_000, new Date(lastMonth.getTime() + DAY));
      const quiet = await organization();
      const issued = await service().closeDueMonths();
      const busyInvoices = await db()
        .select()
        .from(invoices)
        .where(eq(invoices.organizationId, busy.organizationId));
      expect(busyInvoices).toHaveLength(1);
      expect(busyInvoices[0]!.periodEnd.toISOString()).toBe(boundary.toISOString());
      expect(issued.map((invoice) => invoice.id)).toContain(busyInvoices[0]!.id);
      expect(
        await db().select().from(invoices).where(eq(invoices.organizationId, quiet.organizationId)),
      ).toEqual([]);
      // Every instance runs it again and again: nothing more.
      expect(await service().closeDueMonths()).toEqual([]);
    });

    it('shares the organizations between instances closing at once, each invoiced by one', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const { organizationId } = await organization();
        await paidOrder(organizationId, 1_000 + i, new Date(lastMonth.getTime() + DAY));
        ids.push(organizationId);
      }
      const [a, b] = await Promise.all([service().closeDueMonths(), service().closeDueMonths()]);
      const ours = (issued: { id: number }[]) => issued.map((invoice) => invoice.id);
      const rows = await db().select().from(invoices).where(inArray(invoices.organizationId, ids));
      expect(rows.map((row) => row.organizationId).sort()).toEqual([...ids].sort());
      // Each invoice came from one of the two, and each did a share of the work.
      expect([...ours(a), ...ours(b)].sort()).toEqual(rows.map((row) => row.id).sort());
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
    });

    it('leaves alone an organization whose only clusters never ran or are metered to their deletion', async () => {
      const { organizationId } = await organization();
      const [tier] = (await t.app.services.catalog.tiers()).value;
      const past = (name: string, fields: Partial<typeof clusters.$inferInsert>) =>
        db()
          .insert(clusters)
          .values({
            organizationId,
            name,
            tierId: tier!.id,
            provider: 'alpenkube',
            region: 'eu-de-fra',
            kubernetesVersion: '1.37',
            kubernetesPatch: '1.37.2',
            createdAt: new Date(lastMonth.getTime() + DAY),
            ...fields,
          });
      // Its provisioning failed (the order was refunded): metering never looks at it.
      await past('never-ran', { status: 'failed' });
      // Deleted last month, and metered up to its deletion's hour.
      const deletedAt = new Date(lastMonth.getTime() + 2 * DAY + 30 * 60_000);
      const [gone] = await past('gone', { status: 'deleted', deletedAt }).returning();
      await setMeteredThrough(db(), gone!.id, new Date(lastMonth.getTime() + 2 * DAY + HOUR));

      const metering = t.app.services.usage;
      const realMeter = metering.meterOrganization;
      const metered: number[] = [];
      metering.meterOrganization = async (id, until) => {
        metered.push(id);
        return realMeter(id, until);
      };
      try {
        await service().closeDueMonths();
        await service().closeDueMonths();
      } finally {
        metering.meterOrganization = realMeter;
      }
      // Nothing to bill and nothing left to meter: not picked again at every pass of every instance.
      expect(metered.filter((id) => id === organizationId)).toEqual([]);
      expect(
        await db().select().from(invoices).where(eq(invoices.organizationId, organizationId)),
      ).toEqual([]);
    });
  });

  describe('the API', () => {
    it('lists the organization’s invoices newest first, and none of another’s', async () => {
      const { client, organizationId } = await organization();
      await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const first = (await service().closeMonth(
        organizationId,
        new Date(lastMonth.getTime() + 2 * DAY),
      ))!;
      await paidOrder(organizationId, 2_000, new Date(lastMonth.getTime() + 3 * DAY));
      const second = (await service().closeMonth(organizationId, boundary))!;
      const list = await client.get('/api/billing/invoices');
      expect(list.statusCode).toBe(200);
      expect(list.json<InvoiceSummary[]>().map((invoice) => invoice.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect(list.json<InvoiceSummary[]>()[0]).toEqual({
        id: second.id,
        number: second.number,
        periodStart: second.periodStart,
        periodEnd: second.periodEnd,
        issuedAt: second.issuedAt,
        status: second.status,
        currency: 'USD',
        subtotal: 2_000,
        tax: 400,
        total: 2_400,
        prepaid: 2_000,
        amountDue: 400,
        creditNote: null,
      });

      const stranger = await organization();
      expect((await stranger.client.get('/api/billing/invoices')).json()).toEqual([]);
      for (const url of [
        `/api/billing/invoices/${first.id}`,
        `/api/billing/invoices/${first.id}/pdf`,
        `/api/billing/invoices/${first.id}/usage.csv`,
      ]) {
        const response = await stranger.client.get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: 'Invoice not found' });
      }
      expect((await stranger.client.post(`/api/billing/invoices/${first.id}/pay`)).statusCode).toBe(
        404,
      );
    });

    it('downloads the invoice as a PDF carrying its number, lines and totals', async () => {
      const { client, organizationId } = await organization();
      await paidOrder(organizationId, 10_000, new Date(lastMonth.getTime() + DAY));
      const web = await cluster(organizationId, 'web');
      await usage(organizationId, web, 'node_hours', new Date(lastMonth.getTime() + DAY), 5, {
        quantityMilli: 2500,
        billableMilli: 2500,
        costMillicents: 25_000,
      });
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      const response = await client.get(`/api/billing/invoices/${invoice.id}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${invoice.number}.pdf"`,
      );
      const document = await getDocumentProxy(new Uint8Array(response.rawPayload));
      const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
      for (const expected of [
        invoice.number,
        'Alpenkube SAS',
        'Cluster web: Nodes',
        '12.5',
        'node-hours',
        '$100.00',
        '$1.25',
        'Subtotal',
        '$101.25',
        'VAT (20%)',
        '$20.25',
        '$121.50',
        'Amount due',
        '$21.50',
      ]) {
        expect(text).toContain(expected);
      }
      // Built again from the stored invoice: the same bytes.
      const again = await client.get(`/api/billing/invoices/${invoice.id}/pdf`);
      expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    });

    it('downloads the usage it billed as CSV, a row per cluster, metric and hour', async () => {
      const { client, organizationId } = await organization();
      const web = await cluster(organizationId, 'web');
      const from = new Date(lastMonth.getTime() + DAY);
      await usage(organizationId, web, 'node_hours', from, 3, {
        quantityMilli: 2500,
        billableMilli: 500,
        costMillicents: 12_345,
      });
      await usage(organizationId, web, 'egress_gb', from, 1, {
        quantityMilli: 1,
        billableMilli: 1,
        costMillicents: 1,
      });
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      const response = await client.get(`/api/billing/invoices/${invoice.id}/usage.csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${invoice.number}-usage.csv"`,
      );
      const rows = response.body.trimEnd().split('\r\n');
      expect(rows[0]).toBe('hour,cluster_id,cluster,metric,resource,quantity,billable,cost_usd');
      expect(rows.slice(1)).toEqual([
        `${from.toISOString()},${web},web,egress_gb,Egress,0.001,0.001,0.00001`,
        `${from.toISOString()},${web},web,node_hours,Nodes,2.500,0.500,0.12345`,
        `${new Date(from.getTime() + HOUR).toISOString()},${web},web,node_hours,Nodes,2.500,0.500,0.12345`,
        `${new Date(from.getTime() + 2 * HOUR).toISOString()},${web},web,node_hours,Nodes,2.500,0.500,0.12345`,
      ]);
    });

    it('writes the usage CSV once and serves that file: with an ETag, unchanged by a void, 30 a minute', async () => {
      const { client, organizationId } = await organization();
      const web = await cluster(organizationId, 'web');
      await usage(organizationId, web, 'node_hours', new Date(lastMonth.getTime() + DAY), 2, {
        quantityMilli: 1000,
        billableMilli: 1000,
        costMillicents: 1_000,
      });
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      const url = `/api/billing/invoices/${invoice.id}/usage.csv`;
      // Asked for ten times at once: one file, the same answer to each.
      const first = await Promise.all(Array.from({ length: 10 }, () => client.get(url)));
      expect(new Set(first.map((r) => `${r.statusCode} ${r.headers.etag} ${r.body}`)).size).toBe(1);
      const etag = first[0]!.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(first[0]!.headers['cache-control']).toBe('private, no-cache');
      if (t.config.fileStore.kind !== 'directory') throw new Error('a directory store');
      const stored = path.join(t.config.fileStore.directory, `invoices/${invoice.id}/usage.csv`);
      expect(fs.readFileSync(stored, 'utf8')).toBe(first[0]!.body);

      // Issued is issued: a renamed cluster and a void change neither the file nor its tag.
      await db().update(clusters).set({ name: 'renamed' }).where(eq(clusters.id, web));
      const operator = await superAdmin();
      const voided = await operator.post(`/api/billing/invoices/${invoice.id}/void`, {
        reason: 'Issued to the wrong entity',
      });
      expect(voided.statusCode).toBe(200);
      const later = await client.get(url);
      expect([later.statusCode, later.headers.etag, later.body]).toEqual([
        200,
        etag,
        first[0]!.body,
      ]);
      expect(later.body).toContain(',web,node_hours,');

      const unchanged = await client.request({
        method: 'GET',
        url,
        headers: { 'if-none-match': etag },
      });
      expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);

      // Twelve asked so far this minute; the organization may ask 30.
      for (let i = 12; i < 30; i++) expect((await client.get(url)).statusCode).toBe(200);
      const limited = await client.get(url);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many usage downloads for your organization/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('pays an open invoice again once a card is there, and refuses one not open', async () => {
      const { client, organizationId } = await organization({ card: false });
      await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      // No credit, no card: it stays open, saying why.
      expect(invoice.status).toBe('open');
      expect(invoice.paymentError).toMatch(/card/i);
      const refused = await client.post(`/api/billing/invoices/${invoice.id}/pay`);
      expect(refused.statusCode).toBe(402);

      const token = await client.post('/test-gateway/v1/tokens', {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      });
      expect(
        (await client.post('/api/billing/payment-methods', { token: token.json().id })).statusCode,
      ).toBe(201);
      const paid = await client.post(`/api/billing/invoices/${invoice.id}/pay`);
      expect(paid.statusCode).toBe(200);
      expect(paid.json<Invoice>()).toMatchObject({
        status: 'paid',
        cardCharged: 200,
        paymentError: null,
        // What was issued did not move.
        total: invoice.total,
        lines: invoice.lines,
      });
      const again = await client.post(`/api/billing/invoices/${invoice.id}/pay`);
      expect(again.statusCode).toBe(409);
    });

    it('lets a platform operator void an invoice, with a reason, audited; it stays readable', async () => {
      const { client, organizationId, userId } = await organization();
      await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      const operator = await superAdmin();

      const noReason = await operator.post(`/api/billing/invoices/${invoice.id}/void`, {});
      expect(noReason.statusCode).toBe(400);
      const voided = await operator.post(`/api/billing/invoices/${invoice.id}/void`, {
        reason: 'Issued to the wrong company',
      });
      expect(voided.statusCode).toBe(200);
      expect(voided.json<Invoice>()).toMatchObject({
        status: 'void',
        voidReason: 'Issued to the wrong company',
        voidedAt: expect.any(String),
        total: invoice.total,
        lines: invoice.lines,
      });
      const twice = await operator.post(`/api/billing/invoices/${invoice.id}/void`, {
        reason: 'Once more',
      });
      expect(twice.statusCode).toBe(409);

      const [audit] = await db()
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'invoice.void'), eq(auditEvents.targetId, String(invoice.id))),
        );
      expect(audit).toMatchObject({ outcome: 'success', organizationId });
      // The reason stays on the invoice; the trail, which never changes, holds no free text.
      expect(audit!.details).toEqual({
        number: invoice.number,
        previousStatus: 'paid',
        creditNote: expect.stringMatching(/^CN-/),
        credit: 200,
        cardRefund: 0,
      });
      expect(JSON.stringify(audit!.details)).not.toContain('wrong company');
      const notices = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId));
      expect(notices.map((notice) => notice.message)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^Invoice ${invoice.number} \\(\\$12\\.00\\) was voided: Issued to the wrong company\\. Credit note CN-${year}-\\d{6} gives back what it collected: \\$2\\.00 back as credit\\.$`,
          ),
        ),
      );

      // The customer still reads and downloads it, marked VOID.
      expect((await client.get(`/api/billing/invoices/${invoice.id}`)).json<Invoice>().status).toBe(
        'void',
      );
      const pdf = await client.get(`/api/billing/invoices/${invoice.id}/pdf`);
      const text = (
        await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
          mergePages: true,
        })
      ).text;
      expect(text).toContain('VOID');
      expect(text).toContain('Issued to the wrong company');
      // A void invoice is not paid.
      expect((await client.post(`/api/billing/invoices/${invoice.id}/pay`)).statusCode).toBe(409);
      // Nor is an unknown one voided.
      expect(
        (await operator.post('/api/billing/invoices/999999/void', { reason: 'Nothing there' }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('credit notes', () => {
    const pdfTextOf = async (body: Buffer) =>
      (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;

    it('a voided paid invoice gets a credit note: gapless number, PDF, listed, what it collected given back, the card part refunded on its charge once, the rest as credit', async () => {
      const { client, organizationId } = await organization();
      await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      expect(invoice).toMatchObject({ status: 'paid', total: 1_200, cardCharged: 200 });
      const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
      const balance = async () =>
        (
          await db()
            .select({ cents: organizations.creditBalanceCents })
            .from(organizations)
            .where(eq(organizations.id, organizationId))
        )[0]!.cents;
      const before = await balance();
      const operator = await superAdmin();

      const voided = await operator.post(`/api/billing/invoices/${invoice.id}/void`, {
        reason: 'Billed twice',
        refundTo: 'card',
      });
      expect(voided.statusCode, voided.body).toBe(200);
      const body = voided.json<Invoice>();
      // The invoice is not edited: void, its lines and totals as issued.
      expect(body).toMatchObject({
        status: 'void',
        total: invoice.total,
        lines: invoice.lines,
        cardCharged: 200,
      });
      const note = body.creditNote!;
      expect(note).toMatchObject({
        number: expect.stringMatching(new RegExp(`^CN-${year}-\\d{6}$`)),
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        reason: 'Billed twice',
        subtotal: invoice.subtotal,
        tax: invoice.tax,
        total: 1_200,
        refundTo: 'card',
        credit: 0,
        cardRefund: 200,
        cardRefundStatus: 'refunded',
      });
      // The 1,000 prepaid with the order was the order's: the order stands, so it stays paid.
      expect(await balance()).toBe(before);
      // The refund job queued with the note runs too: the gateway refunds once.
      await t.app.services.jobs.drain();
      const refunds = await db()
        .select()
        .from(testGatewayRefunds)
        .where(eq(testGatewayRefunds.idempotencyKey, `credit-note-${note.id}`));
      expect(refunds.map((r) => [r.chargeId, r.amountCents])).toEqual([
        [row!.gatewayChargeId, 200],
      ]);
      expect(await balance()).toBe(before);

      // Listed with its invoice, and downloadable.
      const listed = (await client.get('/api/billing/invoices')).json<InvoiceSummary[]>();
      expect(listed.find((entry) => entry.id === invoice.id)!.creditNote).toEqual({
        id: note.id,
        number: note.number,
      });
      const pdf = await client.get(`/api/billing/credit-notes/${note.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${note.number}.pdf"`);
      const text = await pdfTextOf(pdf.rawPayload);
      expect(text).toContain(note.number);
      expect(text).toContain(`Cancels invoice ${invoice.number}`);
      expect(text.replace(/\s+/g, ' ')).toContain(
        'The $10.00 prepaid during the period with orders and renewals stays paid',
      );
      const stranger = await organization();
      expect(
        (await stranger.client.get(`/api/billing/credit-notes/${note.id}/pdf`)).statusCode,
      ).toBe(404);

      // The next credit note takes the next number; by default everything goes back as credit.
      await paidOrder(stranger.organizationId, 2_000, new Date(lastMonth.getTime() + DAY));
      const other = (await service().closeMonth(stranger.organizationId, boundary))!;
      const next = (
        await operator.post(`/api/billing/invoices/${other.id}/void`, { reason: 'Wrong month' })
      ).json<Invoice>().creditNote!;
      expect(Number(next.number.slice(-6))).toBe(Number(note.number.slice(-6)) + 1);
      expect(next).toMatchObject({ refundTo: 'credit', credit: other.cardCharged, cardRefund: 0 });
      expect(next.cardRefundStatus).toBeNull();
    });

    it('an open invoice voided gets no credit note: nothing was paid', async () => {
      const { organizationId } = await organization({ card: false });
      await paidOrder(organizationId, 1_000, new Date(lastMonth.getTime() + DAY));
      const invoice = (await service().closeMonth(organizationId, boundary))!;
      expect(invoice.status).toBe('open');
      const operator = await superAdmin();
      const voided = await operator.post(`/api/billing/invoices/${invoice.id}/void`, {
        reason: 'Wrong company',
        refundTo: 'card',
      });
      expect(voided.json<Invoice>()).toMatchObject({ status: 'void', creditNote: null });
    });
  });

  describe('closing the month in development', () => {
    it("closes the caller's organization up to now; the next close starts there", async () => {
      const { client, organizationId } = await organization();
      await paidOrder(organizationId, 3_000, new Date(Date.now() - HOUR));
      const before = Date.now();
      const closed = await client.post('/api/dev/billing/close-month', {});
      expect(closed.statusCode).toBe(200);
      const [summary] = closed.json<{ invoices: InvoiceSummary[] }>().invoices;
      expect(summary).toMatchObject({ subtotal: 3_000, prepaid: 3_000, amountDue: 600 });
      expect(Date.parse(summary!.periodEnd)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(summary!.periodEnd)).toBeLessThanOrEqual(Date.now());

      const again = await client.post('/api/dev/billing/close-month', {});
      expect(again.json()).toEqual({ invoices: [] });
    });

    it("closes another organization's month only for a platform operator", async () => {
      const { client } = await organization();
      const other = await organization();
      await paidOrder(other.organizationId, 1_000, new Date(Date.now() - HOUR));
      const refused = await client.post('/api/dev/billing/close-month', {
        organizationId: other.organizationId,
      });
      expect(refused.statusCode).toBe(403);
      const operator = await superAdmin();
      const closed = await operator.post('/api/dev/billing/close-month', {
        organizationId: other.organizationId,
      });
      expect(closed.statusCode).toBe(200);
      expect(closed.json<{ invoices: InvoiceSummary[] }>().invoices).toHaveLength(1);
      const missing = await operator.post('/api/dev/billing/close-month', {
        organizationId: 999_999,
      });
      expect(missing.statusCode).toBe(404);
    });
  });
});
