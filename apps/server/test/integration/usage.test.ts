import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import {
  meteredRates,
  millicentsToCents,
  type Budget,
  type UsageReport,
} from '@alpenkube/contract';
import {
  budgetAlerts,
  budgets,
  clusterEvents,
  clusterNodes,
  clusterVolumes,
  clusters,
  invoices,
  notifications,
  orders,
  organizations,
  outgoingMail,
  renewals,
  subscriptions,
  usageDaily,
  usageRecords,
  users,
} from '../../src/db/schema.ts';
import { meteredThroughOf, setMeteredThrough } from '../support/metering-cursor.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clusterOrderer, orderCluster, settleJobs, smallCluster } from '../support/clusters.ts';

const HOUR = 3_600_000;
/** The history the tests write: from midnight, March 10 2026 (UTC), in the past. */
const T0 = new Date('2026-03-10T00:00:00.000Z');
const h = (hours: number, minutes = 0, seconds = 0) =>
  new Date(T0.getTime() + hours * HOUR + minutes * 60_000 + seconds * 1000);

describe('metering, usage, summary and budgets', () => {
  let t: TestApp;
  let A: Awaited<ReturnType<typeof provisioned>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    A = await provisioned();
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const metering = () => t.app.services.usage;

  /** A fresh organization's running cluster (three nodes of the small configuration). */
  async function provisioned(overrides: Parameters<typeof orderCluster>[1] = {}) {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, overrides);
    await settleJobs(t.app);
    return { ...who, orderId: order.id, clusterId: order.clusterId! };
  }

  /**
   * Moves the cluster's history back: created, its nodes joined at `start`, running from
   * `runningAt`, metered never, and no subscription unless a test adds one.
   */
  async function rewrite(clusterId: number, start: Date, runningAt: Date) {
    await db().update(clusters).set({ createdAt: start }).where(eq(clusters.id, clusterId));
    await setMeteredThrough(db(), clusterId, null);
    await db()
      .update(clusterNodes)
      .set({ createdAt: start })
      .where(eq(clusterNodes.clusterId, clusterId));
    await db()
      .update(clusterEvents)
      .set({ createdAt: start })
      .where(eq(clusterEvents.clusterId, clusterId));
    await db()
      .update(clusterEvents)
      .set({ createdAt: runningAt })
      .where(and(eq(clusterEvents.clusterId, clusterId), eq(clusterEvents.status, 'running')));
    await db().delete(subscriptions).where(eq(subscriptions.clusterId, clusterId));
  }

  const recordsOf = (clusterId: number) =>
    db()
      .select({
        metric: usageRecords.metric,
        hour: usageRecords.hour,
        quantityMilli: usageRecords.quantityMilli,
        billableMilli: usageRecords.billableMilli,
        costMillicents: usageRecords.costMillicents,
      })
      .from(usageRecords)
      .where(eq(usageRecords.clusterId, clusterId))
      .orderBy(asc(usageRecords.hour), asc(usageRecords.metric));

  const dailyOf = (clusterId: number) =>
    db()
      .select({
        metric: usageDaily.metric,
        day: usageDaily.day,
        quantityMilli: usageDaily.quantityMilli,
        billableMilli: usageDaily.billableMilli,
        costMillicents: usageDaily.costMillicents,
      })
      .from(usageDaily)
      .where(eq(usageDaily.clusterId, clusterId))
      .orderBy(asc(usageDaily.day), asc(usageDaily.metric));

  /** The hourly records summed per day and metric: what the rollup must hold. */
  async function summedRecords(clusterId: number) {
    const sums = new Map<string, { quantity: number; billable: number; cost: number }>();
    for (const record of await recordsOf(clusterId)) {
      const key = `${record.hour.toISOString().slice(0, 10)} ${record.metric}`;
      const sum = sums.get(key) ?? { quantity: 0, billable: 0, cost: 0 };
      sum.quantity += record.quantityMilli;
      sum.billable += record.billableMilli;
      sum.cost += record.costMillicents;
      sums.set(key, sum);
    }
    return sums;
  }

  /** The cluster's days, and its months and its organization's days, are its records' sums. */
  async function expectRollupMatchesRecords(clusterId: number) {
    const sums = await summedRecords(clusterId);
    const daily = await dailyOf(clusterId);
    expect(daily).toHaveLength(sums.size);
    for (const row of daily) {
      expect(sums.get(`${row.day} ${row.metric}`)).toEqual({
        quantity: row.quantityMilli,
        billable: row.billableMilli,
        cost: row.costMillicents,
      });
    }
    const rolledUp = async (query: string) =>
      (await db().execute(sql.raw(query))).rows.map((row) => JSON.stringify(row));
    const [organization] = await db()
      .select({ id: clusters.organizationId })
      .from(clusters)
      .where(eq(clusters.id, clusterId));
    const sum =
      'sum(quantity_milli)::text q, sum(billable_milli)::text b, sum(cost_millicents)::text c';
    expect(
      await rolledUp(
        `select metric, month, quantity_milli::text q, billable_milli::text b,
                cost_millicents::text c from usage_monthly where cluster_id = ${clusterId}
          order by 1, 2`,
      ),
    ).toEqual(
      await rolledUp(
        `select metric, substr(day, 1, 7) as month, ${sum} from usage_daily
          where cluster_id = ${clusterId} group by 1, 2 order by 1, 2`,
      ),
    );
    expect(
      await rolledUp(
        `select metric, day, quantity_milli::text q, billable_milli::text b,
                cost_millicents::text c from usage_organization_daily
          where organization_id = ${organization!.id} order by 1, 2`,
      ),
    ).toEqual(
      await rolledUp(
        `select metric, day, ${sum} from usage_daily
          where organization_id = ${organization!.id} group by 1, 2 order by 1, 2`,
      ),
    );
  }

  async function rates() {
    const { value: catalog } = await t.app.services.catalog.catalog();
    return meteredRates({ ...smallCluster, billingCycle: 'monthly' }, catalog);
  }

  const cursorOf = (clusterId: number) => meteredThroughOf(db(), clusterId);

  it('meters the ended hours of a provisioned cluster from its history', async () => {
    await rewrite(A.clusterId, h(0), h(0, 30));
    await metering().meterAll(h(3, 10));

    const records = await recordsOf(A.clusterId);
    expect([...new Set(records.map((r) => r.hour.toISOString()))]).toEqual(
      [h(0), h(1), h(2)].map((hour) => hour.toISOString()),
    );
    const at = (metric: string, hour: Date) =>
      records.find((r) => r.metric === metric && r.hour.getTime() === hour.getTime());
    const rate = await rates();
    for (const [index, hour] of [h(0), h(1), h(2)].entries()) {
      // Three nodes all hour, nothing prepaid (no subscription): three billable node-hours.
      expect(at('node_hours', hour)).toMatchObject({
        quantityMilli: 3000,
        billableMilli: 3000,
        costMillicents: 3 * rate.nodeHour.general!,
      });
      // The control plane (and the add-on on it) from the first run, at 00:30.
      const controlPlane = index === 0 ? 500 : 1000;
      expect(at('control_plane_hours', hour)).toMatchObject({
        quantityMilli: controlPlane,
        billableMilli: controlPlane,
        costMillicents: Math.round((controlPlane * rate.controlPlaneHour) / 1000),
      });
      expect(at('addon_hours', hour)).toMatchObject({
        quantityMilli: controlPlane,
        billableMilli: controlPlane,
        costMillicents: Math.round((controlPlane * rate.addonHour.monitoring!) / 1000),
      });
      // No persistent volume and no load balancer: no storage, no egress (node disks are
      // part of the node's price).
      expect(at('storage_gb_hours', hour)).toBeUndefined();
      expect(at('egress_gb', hour)).toBeUndefined();
    }
    expect(await cursorOf(A.clusterId)).toEqual(h(3));
    await expectRollupMatchesRecords(A.clusterId);
  });

  it('writes nothing twice: metering again, even from a stale cursor, changes no record or rollup', async () => {
    const records = await recordsOf(A.clusterId);
    const daily = await dailyOf(A.clusterId);
    await metering().meterAll(h(3, 10));
    expect(await recordsOf(A.clusterId)).toEqual(records);
    // A second instance that read the cursor before the first moved it meters the same hours.
    await setMeteredThrough(db(), A.clusterId, h(0));
    await metering().meterAll(h(3, 10));
    expect(await recordsOf(A.clusterId)).toEqual(records);
    expect(await dailyOf(A.clusterId)).toEqual(daily);
    expect(await cursorOf(A.clusterId)).toEqual(h(3));
  });

  it('bills nodes above the paid count to the second, and nothing of what the period paid for', async () => {
    const B = await provisioned({ name: 'paid' });
    await rewrite(B.clusterId, h(0), h(0));
    await db()
      .insert(subscriptions)
      .values({
        organizationId: B.organizationId,
        kind: 'cluster',
        clusterId: B.clusterId,
        billingCycle: 'monthly',
        paidConfig: {
          ...smallCluster,
          name: 'paid',
          billingCycle: 'monthly',
          nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 2 }],
        },
        periodPriceCents: 10_000,
        periodStart: h(-24),
        periodEnd: h(24 * 30),
      });
    // One of the three nodes is removed 20 min 30 s into the second hour.
    const [first] = await db()
      .select({ id: clusterNodes.id })
      .from(clusterNodes)
      .where(eq(clusterNodes.clusterId, B.clusterId))
      .orderBy(asc(clusterNodes.id));
    await db()
      .update(clusterNodes)
      .set({ removedAt: h(1, 20, 30) })
      .where(eq(clusterNodes.id, first!.id));

    // A volume of 10 GB all the while: storage.
    await db()
      .insert(clusterVolumes)
      .values({
        clusterId: B.clusterId,
        name: 'data',
        sizeGb: 10,
        storageClass: 'alpenkube-ssd',
        createdAt: h(0),
      });

    await metering().meterOrganization(B.organizationId, h(2));
    const records = await recordsOf(B.clusterId);
    const at = (metric: string, hour: Date) =>
      records.find((r) => r.metric === metric && r.hour.getTime() === hour.getTime());
    const rate = await rates();
    expect(at('node_hours', h(0))).toMatchObject({
      quantityMilli: 3000,
      billableMilli: 1000,
      costMillicents: rate.nodeHour.general!,
    });
    // 2 nodes × 3600 s + 1230 s of the third, which is the one above the paid two.
    expect(at('node_hours', h(1))).toMatchObject({
      quantityMilli: Math.round((2 * 3600 + 1230) / 3.6),
      billableMilli: Math.round(1230 / 3.6),
      costMillicents: Math.round((Math.round(1230 / 3.6) * rate.nodeHour.general!) / 1000),
    });
    for (const metric of ['control_plane_hours', 'addon_hours']) {
      expect(at(metric, h(1))).toMatchObject({
        quantityMilli: 1000,
        billableMilli: 0,
        costMillicents: 0,
      });
    }
    // Storage and egress are never prepaid.
    expect(at('storage_gb_hours', h(1))).toMatchObject({
      quantityMilli: 10_000,
      billableMilli: 10_000,
    });
    expect(records.filter((r) => r.hour >= h(2))).toEqual([]);
  });

  it('meters the hour under way up to a close, never again, and stops at deletion', async () => {
    const C = await provisioned({ name: 'closing' });
    await rewrite(C.clusterId, h(0), h(0));
    await metering().meterOrganization(C.organizationId, h(2, 20));
    const nodesAt = async (hour: Date) =>
      (await recordsOf(C.clusterId)).find(
        (r) => r.metric === 'node_hours' && r.hour.getTime() === hour.getTime(),
      )?.quantityMilli;
    expect(await nodesAt(h(1))).toBe(3000);
    // A third of the hour under way, for three nodes.
    expect(await nodesAt(h(2))).toBe(1000);
    expect(await cursorOf(C.clusterId)).toEqual(h(2));

    // Deleted at 03:30: its nodes gone with it.
    await db()
      .update(clusters)
      .set({ status: 'deleted', deletedAt: h(3, 30) })
      .where(eq(clusters.id, C.clusterId));
    await db()
      .update(clusterNodes)
      .set({ removedAt: h(3, 30) })
      .where(eq(clusterNodes.clusterId, C.clusterId));
    await metering().meterAll(h(8));
    expect(await nodesAt(h(2))).toBe(1000);
    expect(await nodesAt(h(3))).toBe(1500);
    const records = await recordsOf(C.clusterId);
    expect(records.filter((r) => r.hour >= h(4))).toEqual([]);
    expect(
      records.find((r) => r.metric === 'control_plane_hours' && r.hour.getTime() === h(3).getTime())
        ?.quantityMilli,
    ).toBe(500);
    expect(await cursorOf(C.clusterId)).toEqual(h(4));
    await expectRollupMatchesRecords(C.clusterId);
    // Nothing is left to meter: a later pass does not touch it.
    expect(await metering().meterOrganization(C.organizationId, h(20))).toEqual({
      clusters: 0,
      records: 0,
    });
  });

  describe('GET /api/usage', () => {
    beforeAll(async () => {
      // 30 hours of A: all of March 10 and six hours of March 11.
      await metering().meterAll(h(30));
      await expectRollupMatchesRecords(A.clusterId);
    });

    const report = async (query: string) => {
      const response = await A.client.get(`/api/usage?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<UsageReport>();
    };

    it('groups by day, cluster or metric from the daily rollup', async () => {
      const records = await recordsOf(A.clusterId);
      const totalCost = millicentsToCents(records.reduce((sum, r) => sum + r.costMillicents, 0));

      const byDay = await report('from=2026-03-10&to=2026-03-11');
      expect(byDay).toMatchObject({
        from: '2026-03-10',
        to: '2026-03-11',
        groupBy: 'day',
        currency: 'USD',
        totalCost,
      });
      expect(byDay.rows.map((row) => `${row.day} ${row.metric}`)).toEqual(
        ['2026-03-10', '2026-03-11'].flatMap((day) =>
          // Neither a volume nor a load balancer: no storage, no egress.
          ['control_plane_hours', 'node_hours', 'addon_hours'].map((metric) => `${day} ${metric}`),
        ),
      );
      const nodesOn = (day: string) =>
        byDay.rows.find((row) => row.day === day && row.metric === 'node_hours');
      expect(nodesOn('2026-03-10')).toMatchObject({
        clusterId: null,
        quantity: 72,
        billableQuantity: 72,
      });
      expect(nodesOn('2026-03-11')!.quantity).toBe(18);
      expect(byDay.totalCost).toBeGreaterThan(0);
      // No egress at all: nothing to say about simulated traffic.
      expect(byDay.simulatedEgress).toBe(false);
      // The organization's only cluster: its own days are the organization's.
      expect(await report(`from=2026-03-10&to=2026-03-11&clusterId=${A.clusterId}`)).toEqual(byDay);

      const byCluster = await report('from=2026-03-10&to=2026-03-11&groupBy=cluster');
      expect(byCluster.rows).toHaveLength(3);
      expect(byCluster.rows.every((row) => row.clusterId === A.clusterId && row.day === null)).toBe(
        true,
      );
      expect(byCluster.rows[0]).toMatchObject({
        clusterName: 'web',
        metric: 'control_plane_hours',
      });
      expect(byCluster.totalCost).toBe(totalCost);
      // Whole months come from the monthly rollup, the days around them from the daily one.
      for (const [from, to] of [
        ['2026-02-15', '2026-04-10'],
        ['2026-03-01', '2026-03-31'],
        ['2026-01-01', '2026-12-31'],
      ]) {
        const wide = await report(`from=${from}&to=${to}&groupBy=cluster`);
        expect(wide.rows, `${from} to ${to}`).toEqual(byCluster.rows);
      }
      const fromEleventh = await report('from=2026-03-11&to=2026-04-30&groupBy=cluster');
      expect(fromEleventh.rows.find((row) => row.metric === 'node_hours')!.quantity).toBe(18);

      const byMetric = await report(
        `from=2026-03-10&to=2026-03-11&groupBy=metric&clusterId=${A.clusterId}`,
      );
      expect(byMetric.rows.find((row) => row.metric === 'node_hours')).toEqual({
        day: null,
        clusterId: null,
        clusterName: null,
        metric: 'node_hours',
        quantity: 90,
        billableQuantity: 90,
        cost: millicentsToCents(
          records
            .filter((r) => r.metric === 'node_hours')
            .reduce((s, r) => s + r.costMillicents, 0),
        ),
      });
      // The control plane ran from 00:30 on March 10.
      expect(byMetric.rows.find((row) => row.metric === 'control_plane_hours')!.quantity).toBe(
        29.5,
      );

      const oneDay = await report('from=2026-03-11&to=2026-03-11&groupBy=metric');
      expect(oneDay.rows.find((row) => row.metric === 'node_hours')!.quantity).toBe(18);
      expect((await report('from=2026-04-01&to=2026-04-30')).rows).toEqual([]);
    });

    it('answers the same rows as CSV, as an attachment', async () => {
      const json = await report('from=2026-03-10&to=2026-03-11&groupBy=cluster');
      const response = await A.client.get(
        '/api/usage?from=2026-03-10&to=2026-03-11&groupBy=cluster&format=csv',
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="usage-2026-03-10-to-2026-03-11-by-cluster.csv"',
      );
      const lines = response.body.trimEnd().split('\r\n');
      // The cluster's tags last (none here): the columns before keep their places.
      expect(lines[0]).toBe(
        'day,cluster_id,cluster,metric,resource,unit,quantity,billable_quantity,cost_usd,tags',
      );
      expect(lines).toHaveLength(json.rows.length + 1);
      const nodes = json.rows.find((row) => row.metric === 'node_hours')!;
      expect(lines).toContain(
        `,${A.clusterId},web,node_hours,Nodes of pool general,node-hours,90.000,90.000,${(nodes.cost / 100).toFixed(2)},`,
      );
    });

    it('answers the current month so far without dates, and the month of `to` without `from`', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect(await report('')).toMatchObject({
        from: `${today.slice(0, 7)}-01`,
        to: today,
        groupBy: 'day',
      });
      const march = await report('to=2026-03-11');
      expect(march).toMatchObject({ from: '2026-03-01', to: '2026-03-11' });
      expect(march).toEqual(await report('from=2026-03-01&to=2026-03-11'));
      expect(await report(`from=${today}`)).toMatchObject({ from: today, to: today });
    });

    it('refuses a bad query with 400, and another organization’s cluster with 404', async () => {
      for (const query of [
        'from=10/03/2026&to=2026-03-11',
        'from=2026-02-30&to=2026-13-01',
        'from=2026-03-11&to=2026-03-10',
        'from=2025-03-10&to=2026-03-11',
        'from=2026-03-10&to=2026-03-11&groupBy=week',
        'from=2026-03-10&to=2026-03-11&format=xml',
        'from=2026-03-10&to=2026-03-11&clusterId=abc',
        'from=2026-03-10&to=2026-03-11&cluster=1',
      ]) {
        const response = await A.client.get(`/api/usage?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toHaveProperty('message');
      }
      const other = await clusterOrderer(t.app);
      const foreign = await other.client.get(
        `/api/usage?from=2026-03-10&to=2026-03-11&clusterId=${A.clusterId}`,
      );
      expect(foreign.statusCode).toBe(404);
      expect(
        (await A.client.get('/api/usage?from=2026-03-10&to=2026-03-11&clusterId=999999'))
          .statusCode,
      ).toBe(404);
      const theirs = await other.client.get('/api/usage?from=2026-03-10&to=2026-03-11');
      expect(theirs.json<UsageReport>()).toMatchObject({ rows: [], totalCost: 0 });
    });
  });

  it('sums the month in the summary: orders, renewals, usage, run rate, forecast and what is due', async () => {
    const NOW = h(30, 25);
    const [order] = await db()
      .update(orders)
      .set({ paidAt: new Date('2026-03-05T09:00:00Z') })
      .where(eq(orders.id, A.orderId))
      .returning();
    const [subscription] = await db()
      .insert(subscriptions)
      .values({
        organizationId: A.organizationId,
        kind: 'cluster',
        clusterId: A.clusterId,
        billingCycle: 'monthly',
        paidConfig: { ...smallCluster, billingCycle: 'monthly' },
        periodPriceCents: 5000,
        periodStart: new Date('2026-02-20T00:00:00Z'),
        periodEnd: new Date('2026-03-20T00:00:00Z'),
      })
      .returning();
    await db()
      .insert(subscriptions)
      .values({
        organizationId: A.organizationId,
        kind: 'support',
        supportPlan: 'business',
        billingCycle: 'monthly',
        periodPriceCents: 2900,
        periodStart: new Date('2026-03-05T00:00:00Z'),
        periodEnd: new Date('2026-04-05T00:00:00Z'),
      });
    const renewal = {
      subscriptionId: subscription!.id,
      organizationId: A.organizationId,
      description: 'Cluster web, monthly',
    };
    await db()
      .insert(renewals)
      .values([
        {
          ...renewal,
          periodStart: new Date('2026-03-08T00:00:00Z'),
          periodEnd: new Date('2026-04-08T00:00:00Z'),
          amountCents: 1234,
          status: 'paid',
          paidAt: new Date('2026-03-08T00:00:05Z'),
        },
        {
          ...renewal,
          periodStart: new Date('2026-02-08T00:00:00Z'),
          periodEnd: new Date('2026-03-08T00:00:00Z'),
          amountCents: 999,
          status: 'paid',
          paidAt: new Date('2026-02-08T00:00:05Z'),
        },
        {
          ...renewal,
          periodStart: new Date('2026-03-09T00:00:00Z'),
          periodEnd: new Date('2026-04-09T00:00:00Z'),
          amountCents: 4321,
          status: 'failed',
          attempts: 2,
          nextAttemptAt: new Date('2026-03-16T00:00:00Z'),
          lastError: 'Your card was declined',
        },
        // Opened and not tried yet: not overdue.
        {
          ...renewal,
          periodStart: new Date('2026-03-10T00:00:00Z'),
          periodEnd: new Date('2026-04-10T00:00:00Z'),
          amountCents: 555,
          status: 'pending',
        },
      ]);
    const invoice = (number: string, status: 'open' | 'paid', due: number) => ({
      organizationId: A.organizationId,
      number,
      periodStart: new Date(`2026-0${number.slice(-1)}-01T00:00:00Z`),
      periodEnd: new Date(`2026-0${Number(number.slice(-1)) + 1}-01T00:00:00Z`),
      status,
      subtotalCents: due,
      vatTreatment: 'standard' as const,
      vatRateBasisPoints: 2000,
      taxCents: 0,
      totalCents: due,
      prepaidCents: 0,
      amountDueCents: due,
      billedTo: { name: 'A', address: 'x', country: 'FR', vatNumber: null, email: 'a@b.c' },
    });
    await db()
      .insert(invoices)
      .values([
        invoice(`INV-T${A.organizationId}-1`, 'open', 1000),
        invoice(`INV-T${A.organizationId}-2`, 'open', 2500),
        invoice(`INV-T${A.organizationId}-3`, 'paid', 7000),
      ]);
    await db()
      .update(organizations)
      .set({
        orderingSuspendedAt: new Date('2026-03-09T01:00:00Z'),
        orderingSuspendedReason: 'The renewal of cluster web is unpaid',
        creditBalanceCents: 777,
      })
      .where(eq(organizations.id, A.organizationId));

    const records = await recordsOf(A.clusterId);
    const usage = millicentsToCents(records.reduce((sum, r) => sum + r.costMillicents, 0));
    const runRate = millicentsToCents(
      records
        .filter((r) => r.hour.getTime() === h(29).getTime())
        .reduce((s, r) => s + r.costMillicents, 0),
    );
    expect(runRate).toBeGreaterThan(0);
    const monthToDate = order!.totalCents + 1234 + usage;
    const hoursLeft = (Date.UTC(2026, 3, 1) - h(30).getTime()) / HOUR;

    const summary = await t.app.services.billingSummary.summary(A.organizationId, NOW);
    expect(summary).toEqual({
      currency: 'USD',
      creditBalance: 777,
      monthToDate,
      hourlyRunRate: runRate,
      forecast: monthToDate + runRate * hoursLeft + 5000,
      monthStart: '2026-03-01T00:00:00.000Z',
      monthEnd: '2026-04-01T00:00:00.000Z',
      nextRenewal: {
        at: '2026-03-20T00:00:00.000Z',
        amount: 5000,
        description: 'Cluster web, monthly',
      },
      openInvoices: { count: 2, total: 3500 },
      budget: null,
      orderingSuspended: {
        since: '2026-03-09T01:00:00.000Z',
        reason: 'The renewal of cluster web is unpaid',
      },
      overdueRenewals: [
        {
          id: expect.any(Number),
          description: 'Cluster web, monthly',
          amount: 4321,
          dueAt: '2026-03-09T00:00:00.000Z',
          attempts: 2,
          nextAttemptAt: '2026-03-16T00:00:00.000Z',
          lastError: 'Your card was declined',
        },
      ],
    });

    // Five minutes into the next hour, before the chore has metered the hour that just ended:
    // the hour before it still stands for the run rate.
    expect(
      (await t.app.services.billingSummary.summary(A.organizationId, h(31, 5))).hourlyRunRate,
    ).toBe(runRate);

    // The route answers the same for the month under way.
    const response = await A.client.get('/api/billing/summary');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      creditBalance: 777,
      openInvoices: { count: 2, total: 3500 },
      overdueRenewals: [{ amount: 4321 }],
    });
  });

  it('sets and removes the budget (admins; refused values are 400s)', async () => {
    for (const body of [
      { amount: 99, thresholds: [50] },
      { amount: 1.5, thresholds: [50] },
      { amount: 100_000_001, thresholds: [50] },
      { amount: 50_000, thresholds: [] },
      { amount: 50_000, thresholds: [0] },
      { amount: 50_000, thresholds: [201] },
      { amount: 50_000, thresholds: [50, 50] },
      { amount: 50_000, thresholds: [10, 20, 30, 40, 50, 60] },
      { amount: 50_000 },
      { amount: 50_000, thresholds: [50], extra: true },
    ]) {
      const response = await A.client.put('/api/billing/budget', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await A.client.get('/api/billing/budget');
    expect(empty.json<Budget>()).toEqual({ amount: null, thresholds: [], alerts: [] });

    // The organization spent its order this month (the real one): a budget far above it.
    const set = await A.client.put('/api/billing/budget', {
      amount: 100_000_000,
      thresholds: [90, 50, 100],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Budget>()).toEqual({
      amount: 100_000_000,
      thresholds: [50, 90, 100],
      alerts: [],
    });
    expect((await A.client.get('/api/billing/budget')).json<Budget>().amount).toBe(100_000_000);
    expect((await t.app.services.billingSummary.summary(A.organizationId)).budget).toEqual({
      amount: 100_000_000,
      thresholds: [50, 90, 100],
    });

    const removed = await A.client.put('/api/billing/budget', { amount: null, thresholds: [50] });
    expect(removed.json<Budget>()).toEqual({ amount: null, thresholds: [], alerts: [] });
    expect(
      await db().select().from(budgets).where(eq(budgets.organizationId, A.organizationId)),
    ).toEqual([]);
  });

  it('alerts the admins once per threshold and month, even from two checks at once', async () => {
    const NOW = h(30, 25);
    const { total } = await metering().monthToDate(A.organizationId, NOW);
    expect(total).toBeGreaterThan(0);
    // Exactly the month's spend: 50% and 100% are crossed, 150% is not.
    await db()
      .insert(budgets)
      .values({ organizationId: A.organizationId, amountCents: total, thresholds: [50, 100, 150] });

    const results = await Promise.all([
      metering().checkBudget(A.organizationId, NOW),
      metering().checkBudget(A.organizationId, NOW),
    ]);
    expect(results.flat().sort((a, b) => a - b)).toEqual([50, 100]);
    await metering().checkBudgets(NOW);
    expect(await metering().checkBudget(A.organizationId, NOW)).toEqual([]);

    const alerts = await db()
      .select()
      .from(budgetAlerts)
      .where(eq(budgetAlerts.organizationId, A.organizationId));
    expect(alerts.map((a) => [a.month, a.threshold, a.spentCents])).toEqual([
      ['2026-03', 50, total],
      ['2026-03', 100, total],
    ]);
    const [admin] = await db().select().from(users).where(eq(users.id, A.userId));
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, A.userId), like(notifications.message, 'Budget alert%')));
    const budgetWords = `Budget alert: 100% of your ${(total / 100).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    })} monthly budget used`;
    expect(told.map((n) => [n.type, n.message])).toEqual([
      ['error', expect.stringContaining(`${budgetWords} (`)],
    ]);
    expect(told[0]!.message).toMatch(/so far in March 2026\)\.$/);
    const mails = await db()
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.to, admin!.email), like(outgoingMail.subject, 'Budget alert%')));
    expect(mails.map((m) => m.subject)).toEqual([budgetWords]);
    expect(mails[0]!.text).toContain('/billing');
    await db().delete(budgets).where(eq(budgets.organizationId, A.organizationId));
  });

  it('alerts at once when a budget is set below the spend, and again after it was raised and lowered', async () => {
    const D = await provisioned({ name: 'spender' });
    const { total } = await metering().monthToDate(D.organizationId);
    expect(total).toBeGreaterThan(0);
    const alertsOf = async () =>
      (
        await db()
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.userId, D.userId), like(notifications.message, 'Budget alert%')),
          )
      ).length;

    const low = await D.client.put('/api/billing/budget', { amount: total, thresholds: [100] });
    expect(low.json<Budget>().alerts.map((a) => a.threshold)).toEqual([100]);
    expect(await alertsOf()).toBe(1);
    // Raised: the alert is no longer reached, so it is forgotten.
    const raised = await D.client.put('/api/billing/budget', {
      amount: total * 2,
      thresholds: [100],
    });
    expect(raised.json<Budget>().alerts).toEqual([]);
    await metering().checkBudgets();
    expect(await alertsOf()).toBe(1);
    // Lowered again: reached again, told again.
    await D.client.put('/api/billing/budget', { amount: total, thresholds: [100] });
    expect(await alertsOf()).toBe(2);
    await metering().checkBudgets();
    expect(await alertsOf()).toBe(2);
    await db().delete(budgets).where(eq(budgets.organizationId, D.organizationId));
  });
});
