import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Cluster } from '@alpenkube/contract';
import {
  clusterEvents,
  clusterNodes,
  clusters,
  notifications,
  outgoingMail,
  users,
} from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

/**
 * Maintenance windows and automatic upgrades on a fake clock: the sweep is given `now`, so the
 * test walks a cluster through a patch release applied in its window (not outside it, and not
 * while auto-upgrade is off) and a minor upgraded in the last window before its end of support,
 * after its three notices. The catalog's patch lists are the seeded ones: 1.37.3 is out on
 * 2026-12-09, 1.35 ends its support on 2027-02-28 and 1.36.7 is out on 2027-01-12.
 */
describe('maintenance windows and automatic upgrades', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const sweep = (at: string, only: number) =>
    t.app.services.clusters.sweepMaintenance(new Date(at), only);

  /** A running cluster on an older patch than the catalog's, as one created months ago. */
  async function runningOn(patch: string, config: { name: string; kubernetesVersion: string }) {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, {
      ...config,
      addons: [],
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
    });
    await settleJobs(t.app);
    const id = order.clusterId!;
    await db().update(clusters).set({ kubernetesPatch: patch }).where(eq(clusters.id, id));
    await db().update(clusterNodes).set({ version: patch }).where(eq(clusterNodes.clusterId, id));
    return { who, cluster: await clusterOf(who.client, id) };
  }

  async function eventsOf(id: number) {
    const rows = await db()
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, id))
      .orderBy(asc(clusterEvents.id));
    return rows.map((row) => row.message);
  }

  async function mailsTo(userId: number) {
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    return db().select().from(outgoingMail).where(eq(outgoingMail.to, user!.email));
  }

  it("has its region's night by default, and refuses a bad window, another organization's cluster and a busy one", async () => {
    const { who, cluster } = await runningOn('1.37.1', {
      name: 'patchy',
      kubernetesVersion: '1.37',
    });
    expect(cluster.maintenance).toMatchObject({
      day: 'sun',
      hour: 3,
      timeZone: 'Europe/Berlin',
      regionTimeZone: true,
      autoUpgrade: true,
    });
    expect(cluster.maintenance.planned).toMatchObject({ reason: 'patch' });

    const url = `/api/clusters/${cluster.id}/maintenance`;
    const good = { day: 'wed', hour: 2, timeZone: 'America/New_York', autoUpgrade: false };
    for (const bad of [
      { ...good, timeZone: 'Mars/Olympus' },
      { ...good, hour: 24 },
      { ...good, hour: 1.5 },
      { ...good, day: 'someday' },
      { day: 'wed', hour: 2 },
    ]) {
      const refused = await who.client.put(url, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json<{ message: string }>().message).toBeTruthy();
    }
    const stranger = await clusterOrderer(t.app);
    expect((await stranger.client.put(url, good)).statusCode).toBe(404);
    expect((await clusterOf(who.client, cluster.id)).maintenance.day).toBe('sun');

    const set = await who.client.put(url, good);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Cluster>().maintenance).toMatchObject({
      ...good,
      regionTimeZone: false,
      planned: null,
    });
    // Wednesdays 02:00 in New York (EST, UTC−5): 07:00 UTC.
    expect(set.json<Cluster>().maintenance.nextWindow).toMatch(/T07:00:00\.000Z$/);

    // Off: a patch release waits, even inside the window.
    expect(await sweep('2026-12-16T07:30:00Z', cluster.id)).toEqual({ upgraded: [], notices: [] });
    expect((await who.client.put(url, { ...good, autoUpgrade: true })).statusCode).toBe(200);

    // On: not outside the window (Tuesday, and Wednesday after 06:00 New York)…
    for (const outside of [
      '2026-12-15T12:00:00Z',
      '2026-12-16T06:59:00Z',
      '2026-12-16T11:00:00Z',
    ]) {
      expect((await sweep(outside, cluster.id)).upgraded).toEqual([]);
    }
    const before = (await clusterOf(who.client, cluster.id)).nodePools[0]!.nodes.map((n) => n.name);

    // …inside it, once. The first drain fails twice on the way (the provider times out): the
    // step is asked again, and still no second extra node joins and none is lost.
    t.app.services.providers.faults.inject('node:drain:', 2, 'Drain timed out');
    expect((await sweep('2026-12-16T07:30:00Z', cluster.id)).upgraded).toEqual([cluster.id]);
    expect((await sweep('2026-12-16T07:31:00Z', cluster.id)).upgraded).toEqual([]);
    const busy = await clusterOf(who.client, cluster.id);
    expect(busy).toMatchObject({ status: 'updating', operation: { kind: 'auto_upgrade' } });
    const refused = await who.client.put(url, good);
    expect(refused.statusCode).toBe(409);

    await settleJobs(t.app);
    const after = await clusterOf(who.client, cluster.id);
    expect(after).toMatchObject({ status: 'running', kubernetesPatch: '1.37.3', nodeCount: 3 });
    const nodes = after.nodePools[0]!.nodes;
    expect(nodes.map((node) => node.version)).toEqual(['1.37.3', '1.37.3', '1.37.3']);
    expect(nodes.some((node) => before.includes(node.name))).toBe(false);
    expect(after.maintenance.planned).toMatchObject({ reason: 'patch', version: '1.37.4' });

    // Surge: each new node is ready before an old one is drained, one extra node at a time.
    const steps = (await eventsOf(cluster.id)).filter((m) =>
      /^Node \S+ (is ready|replaced by)/.test(m),
    );
    expect(steps).toEqual(
      before.flatMap((old, index) => [
        `Node ${nodes[index]!.name} is ready (1.37.3)`,
        `Node ${old} replaced by ${nodes[index]!.name} (1.37.3)`,
      ]),
    );
    expect(
      (await eventsOf(cluster.id)).filter((m) => m.includes('Drain timed out. Trying again')),
    ).toHaveLength(2);
    const rows = await db()
      .select()
      .from(clusterNodes)
      .where(eq(clusterNodes.clusterId, cluster.id))
      .orderBy(asc(clusterNodes.id));
    for (const at of rows.map((row) => row.createdAt)) {
      const alive = rows.filter(
        (row) => row.createdAt <= at && (!row.removedAt || row.removedAt > at),
      );
      expect(alive.length).toBeLessThanOrEqual(4);
    }

    const [notice] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, who.userId),
          like(notifications.message, '%upgraded in its maintenance window%'),
        ),
      );
    expect(notice!.message).toContain('now runs Kubernetes 1.37.3');
    const mails = await mailsTo(who.userId);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Cluster patchy was upgraded to Kubernetes 1.37.3',
    );
  }, 120_000);

  it('upgrades a minor in the last window before its end of support, after notices 30, 7 and 1 days before', async () => {
    const { who, cluster } = await runningOn('1.35.9', {
      name: 'old-minor',
      kubernetesVersion: '1.35',
    });
    // Patch releases off: the end-of-support upgrade happens all the same.
    const set = await who.client.put(`/api/clusters/${cluster.id}/maintenance`, {
      day: 'sun',
      hour: 3,
      timeZone: 'Europe/Berlin',
      autoUpgrade: false,
    });
    expect(set.statusCode, set.body).toBe(200);

    // The last Sunday 03:00 Berlin (02:00 UTC) whose four hours end before 2027-02-28.
    const at = '2027-02-21T02:00:00.000Z';
    expect((await sweep('2027-01-10T12:00:00Z', cluster.id)).notices).toEqual([]);
    const planned = await clusterOf(who.client, cluster.id);
    expect(planned.maintenance.planned).toMatchObject({
      reason: 'end_of_support',
      endOfSupport: '2027-02-28',
    });

    const days = async (now: string) => (await sweep(now, cluster.id)).notices.map((n) => n.days);
    expect(await days('2027-01-25T12:00:00Z')).toEqual([30]);
    expect(await days('2027-01-26T12:00:00Z')).toEqual([]);
    expect(await days('2027-02-15T12:00:00Z')).toEqual([7]);
    expect(await days('2027-02-20T12:00:00Z')).toEqual([1]);
    expect(await days('2027-02-20T13:00:00Z')).toEqual([]);
    // A window earlier (14 February) is not the one: the upgrade waits for the last.
    expect((await sweep('2027-02-14T02:30:00Z', cluster.id)).upgraded).toEqual([]);

    expect((await sweep('2027-02-21T02:30:00Z', cluster.id)).upgraded).toEqual([cluster.id]);
    await settleJobs(t.app);
    const after = await clusterOf(who.client, cluster.id);
    expect(after).toMatchObject({
      status: 'running',
      kubernetesVersion: '1.36',
      kubernetesPatch: '1.36.7',
    });
    expect(after.nodePools[0]!.nodes.map((node) => node.version)).toEqual([
      '1.36.7',
      '1.36.7',
      '1.36.7',
    ]);

    const warnings = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, who.userId),
          inArray(notifications.type, ['warning']),
          like(notifications.message, '%reaches its end of support on 2027-02-28%'),
        ),
      );
    expect(warnings).toHaveLength(3);
    expect(warnings[0]!.message).toContain('Sunday, 21 February 2027, 03:00 (Europe/Berlin)');
    const subjects = (await mailsTo(who.userId)).map((mail) => mail.subject);
    for (const n of ['30 days', '7 days', '1 day']) {
      expect(subjects).toContain(`old-minor will be upgraded to Kubernetes 1.36 in ${n}`);
    }
    expect(at).toBe(planned.maintenance.planned!.at);
  }, 120_000);
});
