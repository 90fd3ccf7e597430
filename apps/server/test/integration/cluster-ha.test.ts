import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { proratedCharge, type ClusterHaQuote, type Order, type Quote } from '@alpenkube/contract';
import {
  clusterEvents,
  clusterOperations,
  orderEvents,
  subscriptions,
} from '../../src/db/schema.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';
import {
  clusterOf,
  clusterOrderer,
  orderCluster,
  settleJobs,
  smallCluster,
} from '../support/clusters.ts';

const HOUR = 3_600_000;

describe('high availability after creation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  let keys = 0;
  const orderHa = (client: Client, clusterId: number, key?: string) =>
    client.request({
      method: 'POST',
      url: `/api/clusters/${clusterId}/high-availability`,
      headers: { 'idempotency-key': key ?? `ha-test-${++keys}` },
      payload: {},
    });
  const quoteOf = async (client: Client, clusterId: number) =>
    (await client.get(`/api/clusters/${clusterId}/high-availability`)).json<ClusterHaQuote>();

  async function runningCluster(name: string, extra: Partial<typeof smallCluster> = {}) {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name, ...extra });
    await settleJobs(t.app);
    return { ...who, cluster: await clusterOf(who.client, order.clusterId!) };
  }

  /** The cluster's period made exact: `hoursLeft` and a half of `hours` left. */
  async function setPeriod(clusterId: number, hoursLeft: number, hours = 720) {
    const end = new Date(Date.now() + hoursLeft * HOUR + HOUR / 2);
    await t.app.services.db
      .update(subscriptions)
      .set({ periodStart: new Date(end.getTime() - hours * HOUR), periodEnd: end })
      .where(eq(subscriptions.clusterId, clusterId));
  }

  const subscriptionOf = async (clusterId: number) =>
    (
      await t.app.services.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.clusterId, clusterId))
    )[0]!;

  /** The engine's monthly price of the small cluster with and without HA: the difference. */
  async function engineHaMonthly(client: Client) {
    const priced = async (haControlPlane: boolean) => {
      const { name: _name, ...config } = smallCluster;
      const response = await client.post('/api/quotes', {
        ...config,
        haControlPlane,
        billingCycle: 'monthly',
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Quote>().monthly;
    };
    return (await priced(true)) - (await priced(false));
  }

  it('prices the difference by the engine, prorated; once paid the control plane becomes HA and the period carries it', async () => {
    const { client, cluster } = await runningCluster('solo');
    expect(cluster.haControlPlane).toBe(false);
    await setPeriod(cluster.id, 100);
    const before = await subscriptionOf(cluster.id);
    const haMonthly = await engineHaMonthly(client);
    expect(haMonthly).toBeGreaterThan(0);

    const quote = await quoteOf(client, cluster.id);
    expect(quote).toMatchObject({
      clusterName: 'solo',
      haControlPlane: false,
      refusal: null,
      billingCycle: 'monthly',
      periodPrice: haMonthly,
      hoursLeft: 100,
      periodHours: 720,
      openOrderId: null,
    });
    expect(quote.orderPrice).toBe(proratedCharge(haMonthly, 100, 720));

    const key = 'ha-solo';
    const placed = await orderHa(client, cluster.id, key);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({
      kind: 'high_availability',
      status: 'pending_payment',
      description: 'High availability for solo',
      targetClusterId: cluster.id,
      total: quote.orderPrice,
    });
    expect(order.lines[0]!.description).toMatch(/100 of the 720 hours left/);
    const again = await orderHa(client, cluster.id, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Order>().id).toBe(order.id);
    const open = await orderHa(client, cluster.id);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(
      /Order ORD-\d+ to make solo highly available is still open/,
    );

    // Unpaid, nothing changes.
    await settleJobs(t.app);
    expect((await clusterOf(client, cluster.id)).haControlPlane).toBe(false);

    const paid = await client.post(`/api/orders/${order.id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order.status).toBe('fulfilling');
    await settleJobs(t.app);

    const done = (await client.get(`/api/orders/${order.id}`)).json<Order>();
    expect(done.status).toBe('completed');
    const after = await clusterOf(client, cluster.id);
    expect(after).toMatchObject({ status: 'running', haControlPlane: true });
    expect(after.monthlyCost).toBe(cluster.monthlyCost + haMonthly);

    const events = await t.app.services.db
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, cluster.id));
    const messages = events.map((event) => event.message);
    expect(messages).toContain(
      'Making the control plane highly available: two more replicas in two more zones',
    );
    expect(messages).toContain('Control-plane replica 2 of 3 ready in zone eu-de-fra-b');
    expect(messages).toContain('Control-plane replica 3 of 3 ready in zone eu-de-fra-c');
    expect(messages).toContain('Control plane of solo is highly available');

    const period = await subscriptionOf(cluster.id);
    expect(period.paidConfig!.haControlPlane).toBe(true);
    expect(period.periodPriceCents).toBe(before.periodPriceCents + haMonthly);

    const refused = await orderHa(client, cluster.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The control plane of solo is already highly available.');
  });

  it('refunds an order paid after the period it was priced in renewed, and changes nothing', async () => {
    const { client, cluster } = await runningCluster('renewed');
    await setPeriod(cluster.id, 2);
    const order = (await orderHa(client, cluster.id)).json<Order>();
    const renewedAt = new Date(Date.now() + 1000);
    await t.app.services.db
      .update(subscriptions)
      .set({ periodStart: renewedAt, periodEnd: new Date(renewedAt.getTime() + 720 * HOUR) })
      .where(eq(subscriptions.clusterId, cluster.id));
    expect((await client.post(`/api/orders/${order.id}/pay`, {})).statusCode).toBe(200);
    await settleJobs(t.app);
    const after = (await client.get(`/api/orders/${order.id}`)).json<Order>();
    expect(after.status).toBe('failed');
    expect(after.timeline.at(-1)!.note).toMatch(/renewed since this was priced/);
    expect((await clusterOf(client, cluster.id)).haControlPlane).toBe(false);
  });

  it('runs the operation once, however often its job runs', async () => {
    const { client, cluster } = await runningCluster('twice');
    const order = (await orderHa(client, cluster.id)).json<Order>();
    await client.post(`/api/orders/${order.id}/pay`, {});
    await settleJobs(t.app);
    const { db } = t.app.services;
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    await db.execute(
      sql`update jobs set status = 'pending', run_at = now() where type = 'cluster.make-ha'`,
    );
    await settleJobs(t.app);
    expect(
      await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)),
    ).toHaveLength(events.length);
    const operations = await db
      .select()
      .from(clusterOperations)
      .where(
        and(eq(clusterOperations.clusterId, cluster.id), eq(clusterOperations.kind, 'make_ha')),
      );
    expect(operations).toHaveLength(1);
  });

  it('refuses a cluster in another change, a tier without HA, and another organization’s cluster', async () => {
    const { client, cluster } = await runningCluster('busy');
    const pool = cluster.nodePools[0]!;
    const scaled = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 4,
    });
    expect(scaled.statusCode).toBe(200);
    const busy = await orderHa(client, cluster.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      'Cluster busy is updating: its control plane is made highly available while it is running.',
    );

    const green = await runningCluster('economy', { tier: 'green' });
    const noHa = await orderHa(green.client, green.cluster.id);
    expect(noHa.statusCode).toBe(409);
    expect(noHa.json().message).toMatch(/^Economy offers no highly available control plane/);
    expect((await quoteOf(green.client, green.cluster.id)).refusal).toMatch(/offers no highly/);

    const foreign = await orderHa(green.client, cluster.id);
    expect(foreign.statusCode).toBe(404);
    expect(
      (await green.client.get(`/api/clusters/${cluster.id}/high-availability`)).statusCode,
    ).toBe(404);
  });

  it('refuses a cluster created highly available', async () => {
    const { client, cluster } = await runningCluster('born-ha', { haControlPlane: true });
    const refused = await orderHa(client, cluster.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The control plane of born-ha is already highly available.',
    );
  });
});
