import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Backup, Cluster, ClusterBackups, ClusterEvent } from '@alpenkube/contract';
import { auditEvents, clusterBackups, notifications } from '../../src/db/schema.ts';
import { slotOf } from '../../src/modules/clusters/cluster-backups.ts';
import { createTestApp, type TestApp, type Client } from '../support/test-app.ts';
import {
  clusterOf,
  clusterOrderer,
  orderCluster,
  settleJobs,
  smallCluster,
} from '../support/clusters.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('cluster backups: schedule, retention, restore', () => {
  let t: TestApp;
  // A Monday 00:10 UTC some weeks back: jobs the fake clock queues are due at once, and the
  // three schedules (hourly, daily, weekly) all start a new slot at the same time.
  const T0 = slotOf(new Date(Date.now() - 70 * DAY), 'weekly').getTime() + 10 * 60_000;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
    t.app.services.providers.faults.clear();
  });

  const services = () => t.app.services;
  /** Runs the chore's work as an instance would at `ms`, on the fake clock. */
  async function at<T>(ms: number, work: (now: Date) => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
    try {
      return await work(new Date(ms));
    } finally {
      vi.useRealTimers();
    }
  }
  const takeDue = (ms: number) => at(ms, () => services().clusters.takeDueBackups());
  const prune = (ms: number) => at(ms, () => services().clusters.pruneExpiredBackups());

  async function running(client: Client, overrides: Parameters<typeof orderCluster>[1]) {
    const order = await orderCluster(client, overrides);
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    expect(cluster.status).toBe('running');
    return cluster;
  }
  const backupsOf = async (client: Client, id: number) => {
    const response = await client.get(`/api/clusters/${id}/backups`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClusterBackups>();
  };
  const takenAt = (list: ClusterBackups) => list.backups.map((b) => Date.parse(b.takenAt));

  let who: Awaited<ReturnType<typeof clusterOrderer>>;
  let blue: Cluster;
  let red: Cluster;
  let green: Cluster;

  it('takes backups on each tier’s schedule, once a slot, and only the next one after downtime', async () => {
    who = await clusterOrderer(t.app);
    blue = await running(who.client, { name: 'daily', tier: 'blue' });
    red = await running(who.client, { name: 'hourly', tier: 'red', haControlPlane: true });
    green = await running(who.client, { name: 'weekly', tier: 'green' });

    await takeDue(T0);
    // A second instance, and the next pass five minutes on, find the slot taken.
    await takeDue(T0);
    await takeDue(T0 + 5 * 60_000);
    await takeDue(T0 + 30 * 60_000);
    for (const cluster of [blue, red, green]) {
      expect(takenAt(await backupsOf(who.client, cluster.id))).toEqual([T0]);
    }

    await takeDue(T0 + HOUR);
    expect(takenAt(await backupsOf(who.client, red.id))).toEqual([T0 + HOUR, T0]);
    expect(takenAt(await backupsOf(who.client, blue.id))).toEqual([T0]);

    // The platform was stopped for five hours: one backup now, not one per hour it missed.
    await takeDue(T0 + 6 * HOUR + 2 * 60_000);
    expect(takenAt(await backupsOf(who.client, red.id))).toEqual([
      T0 + 6 * HOUR + 2 * 60_000,
      T0 + HOUR,
      T0,
    ]);

    await takeDue(T0 + DAY);
    expect(takenAt(await backupsOf(who.client, blue.id))).toEqual([T0 + DAY, T0]);
    expect(takenAt(await backupsOf(who.client, green.id))).toEqual([T0]);
    await takeDue(T0 + 6 * DAY);
    expect(takenAt(await backupsOf(who.client, green.id))).toEqual([T0]);
    await takeDue(T0 + 7 * DAY);
    expect(takenAt(await backupsOf(who.client, green.id))).toEqual([T0 + 7 * DAY, T0]);

    // The durable jobs take the snapshots: each completes with a size.
    await settleJobs(t.app);
    const daily = await backupsOf(who.client, blue.id);
    expect(daily.policy).toEqual({
      frequency: 'daily',
      retentionDays: 7,
      line: 'Daily etcd backups, kept 7 days',
    });
    expect(daily.simulated).toBe(true);
    for (const backup of daily.backups) {
      expect(backup).toMatchObject({ kind: 'scheduled', status: 'completed', error: null });
      expect(backup.sizeBytes).toBeGreaterThan(12 * 1024 * 1024);
      expect(Date.parse(backup.expiresAt) - Date.parse(backup.takenAt)).toBe(7 * DAY);
    }
    expect((await backupsOf(who.client, red.id)).policy).toMatchObject({
      frequency: 'hourly',
      retentionDays: 30,
      line: 'Hourly etcd backups, kept 30 days',
    });
    expect((await backupsOf(who.client, green.id)).policy).toMatchObject({
      frequency: 'weekly',
      retentionDays: 28,
      line: 'Weekly etcd backups, kept 4 weeks',
    });
    // Scheduled backups are no news for the event log.
    const events = (await who.client.get(`/api/clusters/${blue.id}/events`)).json<ClusterEvent[]>();
    expect(events.some((event) => /backup/i.test(event.message))).toBe(false);
  });

  it('takes none of a cluster that is not running, nor of a tier without backups', async () => {
    const data = await running(who.client, {
      name: 'analytics',
      tier: 'data',
      nodePools: [{ name: 'general', size: 'l-8vcpu-32gb', count: 3 }],
    });
    const ordered = await orderCluster(who.client, { name: 'not-yet', tier: 'blue' });
    await takeDue(T0 + 2 * DAY);
    const rows = await services().db.select().from(clusterBackups);
    const clusterIds = new Set(rows.map((row) => row.clusterId));
    expect(clusterIds.has(ordered.clusterId!)).toBe(false);
    expect(clusterIds.has(data.id)).toBe(false);
    expect((await backupsOf(who.client, data.id)).policy).toBeNull();
    const manual = await who.client.post(`/api/clusters/${data.id}/backups`, {});
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toMatch(/Data Analytics tier includes no etcd backups/);
    await settleJobs(t.app);
  });

  it('deletes each backup once its retention passed, and keeps the rest', async () => {
    const days = (...list: number[]) => list.map((d) => T0 + d * DAY);
    const before = takenAt(await backupsOf(who.client, blue.id));
    expect(before).toEqual(days(7, 6, 2, 1, 0));
    await prune(T0 + 7 * DAY - 60_000);
    expect(takenAt(await backupsOf(who.client, blue.id))).toEqual(before);
    await prune(T0 + 7 * DAY);
    expect(takenAt(await backupsOf(who.client, blue.id))).toEqual(days(7, 6, 2, 1));
    // Red keeps its hourly ones for 30 days, Green its weekly ones for four weeks.
    expect(takenAt(await backupsOf(who.client, red.id))).toHaveLength(7);
    await prune(T0 + 28 * DAY + 60_000);
    expect(takenAt(await backupsOf(who.client, green.id))).toEqual(days(7));
    expect(takenAt(await backupsOf(who.client, red.id))).toHaveLength(7);
    expect(takenAt(await backupsOf(who.client, blue.id))).toEqual([]);
    await prune(T0 + 30 * DAY + 7 * HOUR);
    expect(takenAt(await backupsOf(who.client, red.id))).toEqual(days(7, 6, 2, 1));
  });

  it('restores from a backup as an operation with its events; 409 where the cluster cannot', async () => {
    const { client } = who;
    const [backup] = (await backupsOf(client, red.id)).backups;
    const restore = await client.post(`/api/clusters/${red.id}/backups/${backup!.id}/restore`, {});
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json<Cluster>()).toMatchObject({
      status: 'updating',
      operation: { kind: 'restore', progress: 0 },
    });
    // One change at a time: a second restore, or a scale, waits.
    const again = await client.post(`/api/clusters/${red.id}/backups/${backup!.id}/restore`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/hourly is applying another change/);
    const manualNow = await client.post(`/api/clusters/${red.id}/backups`, {});
    expect(manualNow.statusCode).toBe(409);

    await settleJobs(t.app);
    const restored = await clusterOf(client, red.id);
    expect(restored).toMatchObject({ status: 'running', operation: null });
    const messages = (await client.get(`/api/clusters/${red.id}/events`))
      .json<ClusterEvent[]>()
      .map((event) => event.message);
    const when = backup!.takenAt.slice(0, 16).replace('T', ' ');
    expect(messages).toContain(`Restoring etcd from the backup of ${when} UTC`);
    expect(messages).toContain('Kubernetes API stopped; the nodes keep running their pods');
    expect(messages).toContain(`etcd restored from the backup of ${when} UTC`);
    expect(messages.at(-1)).toBe('Cluster hourly restored from its backup');
    const told = await services()
      .db.select()
      .from(notifications)
      .where(eq(notifications.userId, who.userId));
    expect(told.some((n) => /hourly was restored from its backup/.test(n.message))).toBe(true);
    const audited = await services()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'cluster.restore'));
    expect(audited.some((row) => row.targetId === String(red.id))).toBe(true);

    // A cluster not yet running cannot be restored, nor backed up.
    const ordered = await orderCluster(client, { name: 'early', tier: 'blue' });
    const take = await client.post(`/api/clusters/${ordered.clusterId}/backups`, {});
    expect(take.statusCode).toBe(409);
    expect(take.json().message).toMatch(/can be backed up once it is running/);
    await settleJobs(t.app);
  });

  it('a restore that fails leaves the cluster degraded, and a degraded cluster can be restored', async () => {
    const { client } = who;
    const [backup] = (await backupsOf(client, red.id)).backups;
    services().providers.faults.inject('restore:etcd', 10, 'etcd snapshot is corrupt');
    const restore = await client.post(`/api/clusters/${red.id}/backups/${backup!.id}/restore`, {});
    expect(restore.statusCode, restore.body).toBe(200);
    await settleJobs(t.app);
    const degraded = await clusterOf(client, red.id);
    expect(degraded).toMatchObject({
      status: 'degraded',
      statusReason: 'etcd snapshot is corrupt',
    });
    const events = (await client.get(`/api/clusters/${red.id}/events`)).json<ClusterEvent[]>();
    expect(events.at(-1)!.message).toMatch(
      /^Restoring hourly from its backup failed: etcd snapshot is corrupt/,
    );

    services().providers.faults.clear();
    const again = await client.post(`/api/clusters/${red.id}/backups/${backup!.id}/restore`, {});
    expect(again.statusCode, again.body).toBe(200);
    await settleJobs(t.app);
    expect(await clusterOf(client, red.id)).toMatchObject({
      status: 'running',
      statusReason: null,
    });
  });

  it('takes a backup on demand, which can be restored once complete but not before', async () => {
    const { client } = who;
    const taken = await client.post(`/api/clusters/${blue.id}/backups`, {});
    expect(taken.statusCode, taken.body).toBe(201);
    const backup = taken.json<Backup>();
    expect(backup).toMatchObject({ kind: 'manual', status: 'running', sizeBytes: null });
    const early = await client.post(`/api/clusters/${blue.id}/backups/${backup.id}/restore`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still being taken/);
    const second = await client.post(`/api/clusters/${blue.id}/backups`, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/under way/);

    await settleJobs(t.app);
    const [done] = (await backupsOf(client, blue.id)).backups.filter((b) => b.id === backup.id);
    expect(done).toMatchObject({ kind: 'manual', status: 'completed' });
    expect(done!.sizeBytes).toBeGreaterThan(0);
    const messages = (await client.get(`/api/clusters/${blue.id}/events`))
      .json<ClusterEvent[]>()
      .map((event) => event.message);
    expect(messages).toContain('Taking a backup of etcd');
    expect(messages.some((m) => /^Backup of .* UTC taken \(\d+\.\d MB\)$/.test(m))).toBe(true);

    const restore = await client.post(`/api/clusters/${blue.id}/backups/${backup.id}/restore`, {});
    expect(restore.statusCode, restore.body).toBe(200);
    await settleJobs(t.app);
    expect((await clusterOf(client, blue.id)).status).toBe('running');
  });

  it('marks a backup failed once the provider kept refusing it, with an event', async () => {
    services().providers.faults.inject('backup:', 10, 'Snapshot storage unavailable');
    const taken = await who.client.post(`/api/clusters/${green.id}/backups`, {});
    expect(taken.statusCode, taken.body).toBe(201);
    await settleJobs(t.app);
    const [failed] = (await backupsOf(who.client, green.id)).backups.filter(
      (b) => b.id === taken.json<Backup>().id,
    );
    expect(failed).toMatchObject({ status: 'failed', sizeBytes: null });
    expect(failed!.error).toMatch(/Snapshot storage unavailable/);
    const restore = await who.client.post(
      `/api/clusters/${green.id}/backups/${failed!.id}/restore`,
      {},
    );
    expect(restore.statusCode).toBe(409);
    const events = (await who.client.get(`/api/clusters/${green.id}/events`)).json<
      ClusterEvent[]
    >();
    expect(events.at(-1)).toMatchObject({ kind: 'error' });
    expect(events.at(-1)!.message).toMatch(/^The backup of .* failed: Snapshot storage/);
  });

  it('answers 404 for another organization’s cluster or backup, and for a backup of another cluster', async () => {
    const other = await clusterOrderer(t.app);
    const [backup] = (await backupsOf(who.client, red.id)).backups;
    expect((await other.client.get(`/api/clusters/${red.id}/backups`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/clusters/${red.id}/backups`, {})).statusCode).toBe(404);
    const foreign = await other.client.post(
      `/api/clusters/${red.id}/backups/${backup!.id}/restore`,
      {},
    );
    expect(foreign.statusCode).toBe(404);
    // Their own cluster with our backup's id: still not theirs.
    const theirs = await running(other.client, { ...smallCluster, name: 'theirs' });
    const crossed = await other.client.post(
      `/api/clusters/${theirs.id}/backups/${backup!.id}/restore`,
      {},
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('Backup not found');
    const bad = await who.client.post(`/api/clusters/${red.id}/backups/abc/restore`, {});
    expect(bad.statusCode).toBe(400);
  });
});
