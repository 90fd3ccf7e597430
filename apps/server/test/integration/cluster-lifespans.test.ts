import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  meteredRates,
  type Cluster,
  type CreatedApiToken,
  type Order,
  type Quote,
} from '@alpenkube/contract';
import {
  clusterEvents,
  clusterNodes,
  clusters,
  notifications,
  outgoingMail,
  subscriptions,
  usageRecords,
} from '../../src/db/schema.ts';
import { setMeteredThrough } from '../support/metering-cursor.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const sandbox = {
  name: 'learn',
  tier: 'sandbox',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.36',
  nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: 1 }],
  haControlPlane: false,
  addons: [],
  supportPlan: 'basic',
};
const preview = { ...sandbox, name: 'pr-42', tier: 'orange' };

/**
 * The lives the platform ends or bills by itself: the sandbox's free trial then hourly metering,
 * its deletion after 30 idle days with notices 7 and 1 days before, and preview clusters deleted
 * at their expiry. Time is passed to the sweep and the meter (`now`), the fake clock.
 */
describe('sandbox trial, idle deletion and preview expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const services = () => t.app.services;

  async function running(client: Client, config: Partial<typeof sandbox>) {
    const order = await orderCluster(client, config);
    await settleJobs(t.app);
    return { order, cluster: await clusterOf(client, order.clusterId!) };
  }

  it('quotes the sandbox at $0 up front and its hourly rate after a 30-day trial', async () => {
    const who = await clusterOrderer(t.app);
    const response = await who.client.post('/api/quotes', {
      ...sandbox,
      billingCycle: 'monthly',
      name: undefined,
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json<Quote>();
    expect(quote.total).toBe(0);
    const { value: catalog } = await services().catalog.catalog();
    const rates = meteredRates({ ...sandbox, billingCycle: 'monthly' }, catalog);
    expect(quote.hourly).toEqual({
      trialDays: 30,
      hourMillicents: rates.controlPlaneHour + rates.nodeHour.general!,
    });
    expect(quote.hourly!.hourMillicents).toBeGreaterThan(0);
  });

  it('orders a sandbox for $0 with no prepaid period, free for 30 days then metered by the hour', async () => {
    const who = await clusterOrderer(t.app);
    const { order, cluster } = await running(who.client, sandbox);
    expect(order.total).toBe(0);
    const prepaid = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.clusterId, cluster.id));
    expect(prepaid).toEqual([]);
    const created = new Date(cluster.createdAt).getTime();
    const trialEnd = new Date(cluster.trialEndsAt!).getTime();
    expect(trialEnd - created).toBeGreaterThanOrEqual(30 * DAY);
    expect(trialEnd - created).toBeLessThan(30 * DAY + HOUR);
    expect(cluster.idleDeletionAt).not.toBeNull();

    // Its history moved back: made and running at T0, the trial ending 30 days later.
    const T0 = new Date('2026-01-05T00:00:00.000Z');
    const trialEndsAt = new Date(T0.getTime() + 30 * DAY);
    await db()
      .update(clusters)
      .set({ createdAt: T0, trialEndsAt })
      .where(eq(clusters.id, cluster.id));
    await db()
      .update(clusterNodes)
      .set({ createdAt: T0 })
      .where(eq(clusterNodes.clusterId, cluster.id));
    await db()
      .update(clusterEvents)
      .set({ createdAt: T0 })
      .where(eq(clusterEvents.clusterId, cluster.id));
    await setMeteredThrough(db(), cluster.id, null);
    await services().usage.meterAll(new Date(trialEndsAt.getTime() + 3 * HOUR));

    const nodeHours = await db()
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.clusterId, cluster.id), eq(usageRecords.metric, 'node_hours')))
      .orderBy(asc(usageRecords.hour));
    const inTrial = nodeHours.filter((record) => record.hour < trialEndsAt);
    const after = nodeHours.filter((record) => record.hour >= trialEndsAt);
    expect(inTrial).toHaveLength(30 * 24);
    expect(
      inTrial.every((record) => record.billableMilli === 0 && record.costMillicents === 0),
    ).toBe(true);
    expect(after).toHaveLength(3);
    const { value: catalog } = await services().catalog.catalog();
    const rate = meteredRates({ ...sandbox, billingCycle: 'monthly' }, catalog).nodeHour.general!;
    for (const record of after) {
      expect(record).toMatchObject({
        quantityMilli: 1000,
        billableMilli: 1000,
        costMillicents: rate,
      });
    }

    // A second sandbox of the organization does not start another trial.
    const second = await orderCluster(who.client, { ...sandbox, name: 'learn-again' });
    const [again] = await db().select().from(clusters).where(eq(clusters.id, second.clusterId!));
    expect(again!.trialEndsAt!.getTime()).toBe(trialEndsAt.getTime());
  }, 120_000);

  async function noticesOf(organizationClient: { userId: number }) {
    return db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, organizationClient.userId))
      .orderBy(asc(notifications.id));
  }

  it('deletes a sandbox unused for 30 days, after a notice and a mail 7 days and 1 day before, once', async () => {
    const who = await clusterOrderer(t.app);
    const { cluster } = await running(who.client, { ...sandbox, name: 'idle' });
    const lastUse = new Date(Date.now() - 20 * DAY);
    await db().update(clusters).set({ lastUsedAt: lastUse }).where(eq(clusters.id, cluster.id));
    const at = (days: number) => new Date(lastUse.getTime() + days * DAY);
    const mailsTo = async () =>
      (await db().select().from(outgoingMail)).filter(
        (mail) => mail.subject.includes(`Sandbox idle will be deleted`) && mail.to.includes('@'),
      );
    const before = (await noticesOf(who)).length;

    await services().clusters.sweepLifespans(at(22));
    expect((await noticesOf(who)).length).toBe(before);

    await services().clusters.sweepLifespans(at(23));
    await services().clusters.sweepLifespans(at(23.5));
    const seven = (await noticesOf(who)).slice(before);
    expect(seven).toHaveLength(1);
    expect(seven[0]!.message).toContain('will be deleted on');
    expect((await mailsTo()).filter((mail) => mail.subject.endsWith('in 7 days'))).toHaveLength(1);

    await services().clusters.sweepLifespans(at(29));
    await services().clusters.sweepLifespans(at(29.2));
    expect((await noticesOf(who)).slice(before)).toHaveLength(2);
    expect((await mailsTo()).filter((mail) => mail.subject.endsWith('in 1 day'))).toHaveLength(1);
    expect((await clusterOf(who.client, cluster.id)).status).toBe('running');

    const swept = await services().clusters.sweepLifespans(at(30));
    expect(swept.idle).toEqual([cluster.id]);
    // A second instance sweeping the same moment deletes nothing twice.
    expect((await services().clusters.sweepLifespans(at(30))).idle).toEqual([]);
    const deleting = await clusterOf(who.client, cluster.id);
    expect(deleting.status).toBe('deleting');
    await settleJobs(t.app);
    expect((await clusterOf(who.client, cluster.id)).status).toBe('deleted');
    const events = await db()
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, cluster.id));
    expect(events.some((event) => /unused for 30 days: deleting it/.test(event.message))).toBe(
      true,
    );
  });

  it('starts the idle clock again at a Kubernetes API request or a change', async () => {
    const who = await clusterOrderer(t.app);
    const { cluster } = await running(who.client, { ...sandbox, name: 'used' });
    const now = Date.now();
    await db()
      .update(clusters)
      .set({ lastUsedAt: new Date(now - 25 * DAY) })
      .where(eq(clusters.id, cluster.id));
    await services().clusters.sweepLifespans(new Date(now));
    let [row] = await db().select().from(clusters).where(eq(clusters.id, cluster.id));
    expect(row!.idleNoticeDays).toBe(7);

    const kubeconfig = await who.client.get(`/api/clusters/${cluster.id}/kubeconfig`);
    const token = /token: "([^"]+)"/.exec(kubeconfig.body)![1]!;
    const nodes = await t.app.inject({
      url: `/k8s/clusters/${cluster.id}/api/v1/nodes`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(nodes.statusCode).toBe(200);
    [row] = await db().select().from(clusters).where(eq(clusters.id, cluster.id));
    expect(row!.idleNoticeDays).toBeNull();
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(now - 1000);
    const seen = await clusterOf(who.client, cluster.id);
    expect(new Date(seen.idleDeletionAt!).getTime()).toBeGreaterThanOrEqual(now + 30 * DAY - 1000);

    // A change by a person (a rename) is a use too.
    await db()
      .update(clusters)
      .set({ lastUsedAt: new Date(now - 25 * DAY) })
      .where(eq(clusters.id, cluster.id));
    const renamed = await who.client.patch(`/api/clusters/${cluster.id}`, { name: 'used-more' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    [row] = await db().select().from(clusters).where(eq(clusters.id, cluster.id));
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(now - 1000);
    expect((await services().clusters.sweepLifespans(new Date(now + 29 * DAY))).idle).toEqual([]);
  });

  it('orders a preview cluster with an API token and deletes it at its expiry, which can be changed', async () => {
    const who = await clusterOrderer(t.app);
    const created = await who.client.post('/api/api-tokens', {
      name: 'ci',
      scopes: ['orders:write', 'clusters:write'],
      expiresInDays: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${created.json<CreatedApiToken>().token}` };
    const order = (cluster: object, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...bearer, 'idempotency-key': key },
        payload: { kind: 'cluster', cluster, billingCycle: 'monthly' },
      });

    const refused = await order(
      { ...sandbox, name: 'not-preview', expiresInHours: 2 },
      'no-preview',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('expiresInHours');

    const placed = await order({ ...preview, expiresInHours: 2 }, 'preview-42');
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json<Order>().id}/pay`,
      headers: bearer,
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await settleJobs(t.app);
    const clusterId = paid.json<{ order: Order }>().order.clusterId!;
    const made = await clusterOf(who.client, clusterId);
    const expiresAt = new Date(made.expiresAt!).getTime();
    expect(expiresAt - new Date(made.createdAt).getTime()).toBeGreaterThan(2 * HOUR - 60_000);
    expect(expiresAt - new Date(made.createdAt).getTime()).toBeLessThan(2 * HOUR + 60_000);

    // Changed through the API: 5 hours from now; a Sandbox cannot have one.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/clusters/${clusterId}/expiry`,
      headers: bearer,
      payload: { expiresInHours: 5 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const newExpiry = new Date(moved.json<Cluster>().expiresAt!);
    expect(newExpiry.getTime()).toBeGreaterThan(Date.now() + 5 * HOUR - 60_000);
    const tooLong = await who.client.put(`/api/clusters/${clusterId}/expiry`, {
      expiresInHours: 721,
    });
    expect(tooLong.statusCode).toBe(400);

    expect((await services().clusters.sweepLifespans(new Date(expiresAt + 1000))).expired).toEqual(
      [],
    );
    const swept = await services().clusters.sweepLifespans(new Date(newExpiry.getTime() + 1000));
    expect(swept.expired).toEqual([clusterId]);
    await settleJobs(t.app);
    const gone = await clusterOf(who.client, clusterId);
    expect(gone.status).toBe('deleted');
    const events = await db()
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, clusterId));
    expect(events.map((event) => event.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Expiry set: deleted on/),
        'Preview cluster pr-42 expired: deleting it',
      ]),
    );
  });

  it('refuses an expiry on a cluster that is not Dev/Test, and another organization’s cluster', async () => {
    const who = await clusterOrderer(t.app);
    const { cluster } = await running(who.client, { ...sandbox, name: 'keep' });
    const refused = await who.client.put(`/api/clusters/${cluster.id}/expiry`, {
      expiresInHours: 3,
    });
    expect(refused.statusCode).toBe(400);
    const other = await clusterOrderer(t.app);
    const hidden = await other.client.put(`/api/clusters/${cluster.id}/expiry`, {
      expiresInHours: 3,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('sleeps on its schedule (pools to zero, no node-hours), wakes now on request and sleeps again', async () => {
    const who = await clusterOrderer(t.app);
    const { cluster } = await running(who.client, {
      ...preview,
      name: 'nightly',
      nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: 2 }],
    });
    // Awake one minute a day: asleep whenever the test runs (but at 00:00 UTC).
    const schedule = {
      timeZone: 'UTC',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      wakeAt: '00:00',
      sleepAt: '00:01',
    };
    const refused = await who.client.put(`/api/clusters/${cluster.id}/sleep-schedule`, {
      schedule: { ...schedule, timeZone: 'Mars/Olympus' },
    });
    expect(refused.statusCode).toBe(400);
    const set = await who.client.put(`/api/clusters/${cluster.id}/sleep-schedule`, { schedule });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Cluster>().sleepSchedule).toEqual(schedule);

    const now = new Date();
    expect((await services().clusters.sweepSleep(now)).slept).toEqual([cluster.id]);
    expect((await services().clusters.sweepSleep(now)).slept).toEqual([]);
    await settleJobs(t.app);
    const asleep = await clusterOf(who.client, cluster.id);
    expect(asleep).toMatchObject({ status: 'running', asleep: true });
    expect(asleep.nodePools[0]).toMatchObject({ count: 2, nodes: [] });

    // Hours asleep are not node-hours: the control plane is metered, the nodes are not.
    await services().usage.meterAll(new Date(now.getTime() + 4 * HOUR));
    const records = await db()
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.clusterId, cluster.id));
    const laterHours = (metric: string) =>
      records.filter(
        (record) => record.metric === metric && record.hour.getTime() >= now.getTime() + HOUR,
      );
    expect(laterHours('control_plane_hours').length).toBeGreaterThanOrEqual(2);
    expect(laterHours('node_hours')).toEqual([]);

    const woken = await who.client.post(`/api/clusters/${cluster.id}/wake`, {});
    expect(woken.statusCode, woken.body).toBe(200);
    const wokenUntil = new Date(woken.json<Cluster>().wokenUntil!);
    expect(wokenUntil.getUTCHours() * 60 + wokenUntil.getUTCMinutes()).toBe(1);
    await settleJobs(t.app);
    const awake = await clusterOf(who.client, cluster.id);
    expect(awake).toMatchObject({ status: 'running', asleep: false });
    expect(awake.nodePools[0]!.nodes).toHaveLength(2);
    expect((await services().clusters.sweepSleep(new Date())).slept).toEqual([]);
    const again = await services().clusters.sweepSleep(new Date(wokenUntil.getTime() + 60_000));
    expect(again.slept).toEqual([cluster.id]);
    await settleJobs(t.app);
    const events = await db()
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, cluster.id));
    const messages = events.map((event) => event.message);
    expect(messages.filter((m) => m.includes('goes to sleep on its schedule'))).toHaveLength(2);
    expect(messages.some((m) => m.startsWith('nightly woken up by'))).toBe(true);

    const notDevTest = await running(who.client, { ...sandbox, name: 'no-sleep' });
    const sandboxSleep = await who.client.put(
      `/api/clusters/${notDevTest.cluster.id}/sleep-schedule`,
      { schedule },
    );
    expect(sandboxSleep.statusCode).toBe(400);
  }, 120_000);
});
