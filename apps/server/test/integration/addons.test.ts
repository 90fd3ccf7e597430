import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { proratedCharge, type ClusterAddons, type Order } from '@alpenkube/contract';
import {
  auditEvents,
  clusterOperations,
  creditTransactions,
  jobs,
  orderEvents,
  organizations,
  subscriptions,
} from '../../src/db/schema.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

const HOUR = 3_600_000;

describe('add-ons on a cluster', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  let keys = 0;
  const orderAddon = (client: Client, clusterId: number, addon: string, key?: string) =>
    client.request({
      method: 'POST',
      url: '/api/addons/orders',
      headers: { 'idempotency-key': key ?? `addon-test-${++keys}` },
      payload: { clusterId, addon },
    });

  async function runningCluster(name: string) {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name });
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

  it('orders an add-on priced for the rest of the period, installs it once paid, and the period carries it', async () => {
    const { client, cluster } = await runningCluster('shop');
    await setPeriod(cluster.id, 100);
    const before = await subscriptionOf(cluster.id);

    const quote = (await client.get(`/api/clusters/${cluster.id}/addons`)).json<ClusterAddons>();
    expect(quote).toMatchObject({ clusterName: 'shop', hoursLeft: 100, periodHours: 720 });
    const backup = quote.addons.find((addon) => addon.slug === 'backup')!;
    // Per node: 3 nodes × $4.00 a month, for 100 of the period's 720 hours, rounded half up.
    expect(backup).toMatchObject({ installed: false, refusal: null, periodPrice: 1200 });
    expect(backup.installPrice).toBe(167);
    expect(proratedCharge(1200, 100, 720)).toBe(167);

    const key = 'addon-backup-shop';
    const placed = await orderAddon(client, cluster.id, 'backup', key);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({
      kind: 'addon',
      status: 'pending_payment',
      description: 'Add-on Backup and restore on shop',
      targetClusterId: cluster.id,
      total: 167,
    });
    expect(order.lines[0]!.description).toMatch(/3 nodes, 100 of the 720 hours left/);
    const again = await orderAddon(client, cluster.id, 'backup', key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Order>().id).toBe(order.id);

    const open = await orderAddon(client, cluster.id, 'backup');
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(
      /Order ORD-\d+ for Backup and restore on shop is still open/,
    );

    const paid = await client.post(`/api/orders/${order.id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order.status).toBe('fulfilling');
    await settleJobs(t.app);

    const done = (await client.get(`/api/orders/${order.id}`)).json<Order>();
    expect(done.status).toBe('completed');
    expect(done.timeline.map((event) => event.status)).toEqual([
      'pending_payment',
      'paid',
      'fulfilling',
      'fulfilling',
      'completed',
    ]);
    const installed = await clusterOf(client, cluster.id);
    expect(installed.status).toBe('running');
    expect(installed.addons.map((addon) => addon.slug).sort()).toEqual(['backup', 'monitoring']);
    expect(installed.monthlyCost).toBe(cluster.monthlyCost + 1200);

    const after = await subscriptionOf(cluster.id);
    expect(after.paidConfig!.addons.sort()).toEqual(['backup', 'monitoring']);
    expect(after.periodPriceCents).toBe(before.periodPriceCents + 1200);
    const audit = await t.app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'order.create'), eq(auditEvents.targetId, String(order.id))),
      );
    expect(audit).toHaveLength(1);

    const refused = await orderAddon(client, cluster.id, 'backup');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Backup and restore is already installed on shop.');
  });

  it('refunds an add-on order paid after the period it was priced in renewed', async () => {
    const { client, cluster } = await runningCluster('renewed');
    await setPeriod(cluster.id, 2);
    const placed = await orderAddon(client, cluster.id, 'backup');
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    // The cluster renews before the order is paid: a new period starts after it was priced.
    const renewedAt = new Date(Date.now() + 1000);
    await t.app.services.db
      .update(subscriptions)
      .set({ periodStart: renewedAt, periodEnd: new Date(renewedAt.getTime() + 720 * HOUR) })
      .where(eq(subscriptions.clusterId, cluster.id));
    expect((await client.post(`/api/orders/${order.id}/pay`, {})).statusCode).toBe(200);
    await settleJobs(t.app);
    const after = (await client.get(`/api/orders/${order.id}`)).json<Order>();
    expect(after.status).toBe('failed');
    expect(after.timeline.at(-1)!.note).toMatch(/renewed since this add-on was priced/);
    expect((await clusterOf(client, cluster.id)).addons.map((addon) => addon.slug)).not.toContain(
      'backup',
    );
    const [refund] = await t.app.services.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.orderId, order.id), eq(creditTransactions.kind, 'refund')));
    expect(refund?.amountCents).toBe(order.total);
  });

  it('runs the install job once: run again, it starts nothing and writes nothing', async () => {
    const { client, cluster } = await runningCluster('twice');
    const placed = (await orderAddon(client, cluster.id, 'logging')).json<Order>();
    await client.post(`/api/orders/${placed.id}/pay`, {});
    await settleJobs(t.app);
    const { db } = t.app.services;
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.id));
    await db.execute(
      sql`update jobs set status = 'pending', run_at = now() where type = 'addon.install'`,
    );
    await settleJobs(t.app);
    expect(
      await db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.id)),
    ).toHaveLength(events.length);
    const operations = await db
      .select()
      .from(clusterOperations)
      .where(
        and(
          eq(clusterOperations.clusterId, cluster.id),
          eq(clusterOperations.kind, 'install_addon'),
        ),
      );
    expect(operations).toHaveLength(1);
  });

  it('waits for a cluster busy with another change, then installs', async () => {
    const { client, cluster } = await runningCluster('busy');
    const placed = (await orderAddon(client, cluster.id, 'gitops')).json<Order>();
    const pool = cluster.nodePools[0]!;
    const scaled = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 4,
    });
    expect(scaled.statusCode).toBe(200);
    // One change at a time: the cluster is updating, so a second change is refused.
    const second = await orderAddon(client, cluster.id, 'policy');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Cluster busy is updating: add-ons are installed on a running cluster.',
    );
    const removal = await client.delete(`/api/clusters/${cluster.id}/addons/monitoring`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toMatch(/applying another change/);

    await client.post(`/api/orders/${placed.id}/pay`, {});
    await settleJobs(t.app);
    expect((await client.get(`/api/orders/${placed.id}`)).json<Order>().status).toBe('completed');
    expect((await clusterOf(client, cluster.id)).addons.map((a) => a.slug)).toContain('gitops');
  });

  it('refuses an incompatible tier, an unknown add-on, another organization’s cluster, a missing key', async () => {
    const { client, cluster } = await runningCluster('refusals');
    const gpu = await orderAddon(client, cluster.id, 'gpu-operator');
    expect(gpu.statusCode).toBe(409);
    expect(gpu.json().message).toBe(
      "GPU operator is not available for refusals's tier, Standard: it runs on AI/ML.",
    );
    const quote = (await client.get(`/api/clusters/${cluster.id}/addons`)).json<ClusterAddons>();
    expect(quote.addons.find((addon) => addon.slug === 'gpu-operator')!.refusal).toBe(
      gpu.json().message,
    );
    expect(quote.addons.find((addon) => addon.slug === 'monitoring')!.refusal).toMatch(
      /already installed/,
    );

    const unknown = await orderAddon(client, cluster.id, 'no-such-addon');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/addon: There is no add-on no-such-addon/);

    const other = await clusterOrderer(t.app);
    const foreign = await orderAddon(other.client, cluster.id, 'backup');
    expect(foreign.statusCode).toBe(404);
    expect((await other.client.get(`/api/clusters/${cluster.id}/addons`)).statusCode).toBe(404);
    expect(
      (await other.client.delete(`/api/clusters/${cluster.id}/addons/monitoring`)).statusCode,
    ).toBe(404);

    const noKey = await client.post('/api/addons/orders', {
      clusterId: cluster.id,
      addon: 'backup',
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/Idempotency-Key/);
  });

  it('refuses a cluster that is not running, and ordering while suspended (402)', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name: 'early' });
    const ordered = await orderAddon(who.client, order.clusterId!, 'backup');
    expect(ordered.statusCode).toBe(409);
    expect(ordered.json().message).toMatch(/Cluster early is (ordered|provisioning)/);
    await settleJobs(t.app);
    await t.app.services.db
      .update(organizations)
      .set({ orderingSuspendedAt: new Date(), orderingSuspendedReason: 'A renewal is overdue.' })
      .where(eq(organizations.id, who.organizationId));
    const suspended = await orderAddon(who.client, order.clusterId!, 'backup');
    expect(suspended.statusCode).toBe(402);
  });

  it('removes an add-on: a change of the cluster, then the unused prepaid part as credit', async () => {
    const { client, cluster, organizationId } = await runningCluster('lean');
    await setPeriod(cluster.id, 360);
    const quote = (await client.get(`/api/clusters/${cluster.id}/addons`)).json<ClusterAddons>();
    const monitoring = quote.addons.find((addon) => addon.slug === 'monitoring')!;
    // $29.00 a month, half of the period left.
    expect(monitoring).toMatchObject({ installed: true, periodPrice: 2900, removalCredit: 1450 });

    expect((await client.delete(`/api/clusters/${cluster.id}/addons/backup`)).statusCode).toBe(404);
    const removing = await client.delete(`/api/clusters/${cluster.id}/addons/monitoring`);
    expect(removing.statusCode, removing.body).toBe(200);
    expect(removing.json()).toMatchObject({ status: 'updating' });
    await settleJobs(t.app);

    const after = await clusterOf(client, cluster.id);
    expect(after.status).toBe('running');
    expect(after.addons).toEqual([]);
    expect(after.monthlyCost).toBe(cluster.monthlyCost - 2900);
    const { db } = t.app.services;
    const credits = await db
      .select()
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.organizationId, organizationId),
          eq(creditTransactions.kind, 'proration'),
        ),
      );
    expect(credits.map((credit) => credit.amountCents)).toEqual([1450]);
    expect(credits[0]!.description).toMatch(/add-on monitoring removed/);
    const subscription = await subscriptionOf(cluster.id);
    expect(subscription.paidConfig!.addons).toEqual([]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'cluster.addon.remove'),
          eq(auditEvents.targetId, String(cluster.id)),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('an installation that fails fails its order and returns what was paid as credit', async () => {
    const { client, cluster, organizationId } = await runningCluster('fragile');
    const placed = (await orderAddon(client, cluster.id, 'policy')).json<Order>();
    await client.post(`/api/orders/${placed.id}/pay`, {});
    t.app.services.providers.faults.inject('addon:policy', 10, 'Helm release timed out');
    try {
      await settleJobs(t.app);
    } finally {
      t.app.services.providers.faults.clear();
    }
    const failed = (await client.get(`/api/orders/${placed.id}`)).json<Order>();
    expect(failed.status).toBe('failed');
    const after = await clusterOf(client, cluster.id);
    expect(after.status).toBe('degraded');
    expect(after.addons.map((addon) => addon.slug)).toEqual(['monitoring']);
    const [refund] = await t.app.services.db
      .select()
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.organizationId, organizationId),
          eq(creditTransactions.kind, 'refund'),
        ),
      );
    expect(refund!.amountCents).toBe(placed.total);
    expect((await subscriptionOf(cluster.id)).paidConfig!.addons).toEqual(['monitoring']);
    const pending = await t.app.services.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    expect(pending).toEqual([]);
  });
});
