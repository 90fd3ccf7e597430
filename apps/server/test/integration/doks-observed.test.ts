import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  meteredRates,
  type ClusterEvent,
  type ClusterLoadBalancers,
  type ClusterVolumes,
} from '@alpenkube/contract';
import {
  clusterEvents,
  clusterLoadBalancers,
  clusterNodes,
  clusterVolumes,
  clusters,
  usageRecords,
} from '../../src/db/schema.ts';
import type { TestApp } from '../support/test-app.ts';
import {
  clusterOf,
  clusterOrderer,
  orderCluster,
  settleJobs,
  smallCluster,
} from '../support/clusters.ts';
import type { DigitalOceanDouble } from '../support/digitalocean-double.ts';
import { startDoksApp } from '../support/doks-app.ts';
import { meteredThroughOf, setMeteredThrough } from '../support/metering-cursor.ts';

const TOKEN = 'dop_v1_double_secret_token_observed_0123456789';
const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * What a real DOKS cluster's workloads make inside it (a PersistentVolumeClaim's volume, a
 * LoadBalancer Service's load balancer), observed at the DigitalOcean double by the
 * `cluster.observe-resources` job, billed by metering from those rows, ended when gone, and
 * deleted with the cluster by DigitalOcean's dangerous delete.
 */
describe('volumes and load balancers made inside a DOKS cluster', () => {
  let t: TestApp;
  let double: DigitalOceanDouble;
  const logs: string[] = [];

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, double, close } = await startDoksApp(TOKEN, logs));
  });
  afterAll(() => close());

  const db = () => t.app.services.db;
  const doks = { provider: 'doks', region: 'fra1', kubernetesVersion: '1.36', addons: [] };
  /** The chore's pass as if `minutes` had gone by since the last look, and its jobs run. */
  async function look(minutes = 11) {
    const queued = await t.app.services.clusters.observeDue(
      new Date(Date.now() + minutes * MINUTE),
    );
    await settleJobs(t.app);
    return queued;
  }
  const observedAt = async (id: number) =>
    (await db().select().from(clusters).where(eq(clusters.id, id)))[0]!.resourcesObservedAt;

  async function running(name: string) {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name });
    await settleJobs(t.app);
    const id = order.clusterId!;
    expect((await clusterOf(who.client, id)).status).toBe('running');
    const remote = [...double.clusters.values()].find((c) =>
      c.tags.includes(`alpenkube-cluster-${id}`),
    )!;
    return { ...who, id, remote };
  }

  it('records, bills by the hour, resizes and ends what DigitalOcean has, and deletes it with the cluster', async () => {
    const { client, id, remote } = await running('workloads');

    // The first look finds nothing yet; a second pass right after queues nothing, and two
    // instances passing at once queue one look between them.
    expect(await t.app.services.clusters.observeDue()).toBe(1);
    await settleJobs(t.app);
    expect(await t.app.services.clusters.observeDue()).toBe(0);
    const soon = new Date(Date.now() + 11 * MINUTE);
    const both = await Promise.all([
      t.app.services.clusters.observeDue(soon),
      t.app.services.clusters.observeDue(soon),
    ]);
    expect(both[0] + both[1]).toBe(1);
    await settleJobs(t.app);
    expect(
      (await db().select().from(clusterVolumes).where(eq(clusterVolumes.clusterId, id))).length,
    ).toBe(0);

    // The cluster's history moved back: running from T0, six hours ago, last looked at then.
    const T0 = new Date(Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR);
    const h = (hours: number, minutes = 0) =>
      new Date(T0.getTime() + hours * HOUR + minutes * MINUTE);
    await db()
      .update(clusters)
      .set({ createdAt: T0, resourcesObservedAt: T0 })
      .where(eq(clusters.id, id));
    await db().update(clusterNodes).set({ createdAt: T0 }).where(eq(clusterNodes.clusterId, id));
    await db().update(clusterEvents).set({ createdAt: T0 }).where(eq(clusterEvents.clusterId, id));
    await setMeteredThrough(db(), id, null);

    // Inside the cluster: a claim's 10 GB volume at T0 + 1:30, a Service's load balancer whose
    // address DigitalOcean has not given yet at the first read.
    const volumeId = double.inside.addVolume(remote.id, {
      name: 'pvc-3f9a2b7c',
      sizeGb: 10,
      createdAt: h(1, 30),
    });
    const balancerId = double.inside.addLoadBalancer(remote.id, {
      name: 'a5e1c9d0f2',
      createdAt: h(1),
      pendingReads: 1,
    });

    // Metering waits for a look after an hour's end: nothing after T0 is billed yet.
    await t.app.services.usage.meterAll();
    expect(await meteredThroughOf(db(), id)).toBeNull();

    expect(await look(0)).toBe(1);
    const first = await observedAt(id);
    expect(first!.getTime()).toBeGreaterThan(Date.now() - MINUTE);
    let volumes = await db()
      .select()
      .from(clusterVolumes)
      .where(eq(clusterVolumes.clusterId, id))
      .orderBy(asc(clusterVolumes.id));
    expect(volumes).toMatchObject([
      {
        name: 'pvc-3f9a2b7c',
        sizeGb: 10,
        providerRef: volumeId,
        createdAt: h(1, 30),
        deletedAt: null,
      },
    ]);
    // No address yet: not recorded until it has one.
    expect(
      await db().select().from(clusterLoadBalancers).where(eq(clusterLoadBalancers.clusterId, id)),
    ).toEqual([]);

    // Metered now, from the volume's row: half an hour of 10 GB, then whole hours, up to the
    // hour under way (not ended, not billed yet).
    await t.app.services.usage.meterAll();
    const { value: catalog } = await t.app.services.catalog.catalog();
    const rate = meteredRates({ ...smallCluster, billingCycle: 'monthly' }, catalog);
    const cost = (milli: number) => Math.round((milli * rate.storageGbHour) / 1000);
    const storage = await db()
      .select({
        hour: usageRecords.hour,
        quantityMilli: usageRecords.quantityMilli,
        billableMilli: usageRecords.billableMilli,
        costMillicents: usageRecords.costMillicents,
      })
      .from(usageRecords)
      .where(and(eq(usageRecords.clusterId, id), eq(usageRecords.metric, 'storage_gb_hours')))
      .orderBy(asc(usageRecords.hour));
    expect(storage).toEqual([
      { hour: h(1), quantityMilli: 5_000, billableMilli: 5_000, costMillicents: cost(5_000) },
      ...[2, 3, 4, 5].map((hours) => ({
        hour: h(hours),
        quantityMilli: 10_000,
        billableMilli: 10_000,
        costMillicents: cost(10_000),
      })),
    ]);
    expect(cost(10_000)).toBeGreaterThan(0);
    expect(await meteredThroughOf(db(), id)).toEqual(h(6));
    // No egress is billed for a real cluster: DigitalOcean's API does not report it.
    expect(
      await db()
        .select()
        .from(usageRecords)
        .where(and(eq(usageRecords.clusterId, id), eq(usageRecords.metric, 'egress_gb'))),
    ).toEqual([]);

    // The next look finds the load balancer with its address: from the previous look, when it
    // was not seen yet, not from DigitalOcean's earlier time (those hours are metered).
    expect(await look()).toBe(1);
    const balancers = await db()
      .select()
      .from(clusterLoadBalancers)
      .where(eq(clusterLoadBalancers.clusterId, id));
    expect(balancers).toMatchObject([
      {
        name: 'a5e1c9d0f2',
        ip: double.inside.balancers.get(balancerId)!.ip,
        simulated: false,
        providerRef: balancerId,
        createdAt: first,
        deletedAt: null,
      },
    ]);

    // The page lists both as observed at DigitalOcean; the platform deletes neither.
    const listed = (await client.get(`/api/clusters/${id}/volumes`)).json<ClusterVolumes>();
    expect(listed.billedGb).toBe(10);
    expect(listed.observesProvider).toBe(true);
    expect(listed.volumes.filter((v) => v.kind === 'persistent')).toMatchObject([
      { name: 'pvc-3f9a2b7c', sizeGb: 10, observed: true, billed: true },
    ]);
    const lbs = (
      await client.get(`/api/clusters/${id}/load-balancers`)
    ).json<ClusterLoadBalancers>();
    expect(lbs.observesProvider).toBe(true);
    expect(lbs.loadBalancers).toMatchObject([
      { name: 'a5e1c9d0f2', observed: true, simulatedTraffic: false },
    ]);
    const refused = await client.delete(`/api/clusters/${id}/volumes/${volumes[0]!.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/delete its PersistentVolumeClaim/);
    const refusedLb = await client.delete(
      `/api/clusters/${id}/load-balancers/${lbs.loadBalancers[0]!.id}`,
    );
    expect(refusedLb.statusCode, refusedLb.body).toBe(409);

    // Resized at DigitalOcean: the 10 GB row ends when 25 GB is seen, and a 25 GB row begins.
    double.inside.resizeVolume(volumeId, 25);
    expect(await look()).toBe(1);
    const resizedAt = await observedAt(id);
    volumes = await db()
      .select()
      .from(clusterVolumes)
      .where(eq(clusterVolumes.clusterId, id))
      .orderBy(asc(clusterVolumes.id));
    expect(volumes).toMatchObject([
      { sizeGb: 10, providerRef: volumeId, deletedAt: resizedAt },
      { sizeGb: 25, providerRef: volumeId, createdAt: resizedAt, deletedAt: null },
    ]);
    // Asked again with nothing changed: nothing changes.
    expect(await look()).toBe(1);
    expect(
      await db()
        .select()
        .from(clusterVolumes)
        .where(eq(clusterVolumes.clusterId, id))
        .orderBy(asc(clusterVolumes.id)),
    ).toEqual(volumes);

    // The claim deleted: the volume ends when it was last seen.
    double.inside.removeVolume(volumeId);
    const lastSeen = await observedAt(id);
    expect(await look()).toBe(1);
    const ended = await db()
      .select()
      .from(clusterVolumes)
      .where(and(eq(clusterVolumes.clusterId, id), eq(clusterVolumes.sizeGb, 25)));
    expect(ended).toMatchObject([{ deletedAt: lastSeen }]);
    expect((await client.get(`/api/clusters/${id}/volumes`)).json<ClusterVolumes>().billedGb).toBe(
      0,
    );

    // A new claim, then the cluster deleted: DigitalOcean's dangerous delete takes the volume
    // and the load balancer with the cluster, and nothing of it stays on the account.
    double.inside.addVolume(remote.id, { name: 'pvc-77aa01', sizeGb: 5 });
    expect(await look()).toBe(1);
    const deleted = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${id}`,
      payload: { name: 'workloads' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await settleJobs(t.app);
    expect((await clusterOf(client, id)).status).toBe('deleted');
    const dangerous = double.requests.filter(
      (r) =>
        r.method === 'DELETE' &&
        r.path ===
          `/v2/kubernetes/clusters/${remote.id}/destroy_with_associated_resources/dangerous`,
    );
    expect(dangerous).toHaveLength(1);
    expect(
      double.requests.filter(
        (r) => r.method === 'DELETE' && r.path === `/v2/kubernetes/clusters/${remote.id}`,
      ),
    ).toEqual([]);
    expect(double.clusters.has(remote.id)).toBe(false);
    expect([...double.inside.volumes.values()].filter((v) => v.clusterId === remote.id)).toEqual(
      [],
    );
    expect([...double.inside.balancers.values()].filter((b) => b.clusterId === remote.id)).toEqual(
      [],
    );
    // Every row ended with the cluster; a deleted cluster is looked at no more.
    const open = [
      ...(await db().select().from(clusterVolumes).where(eq(clusterVolumes.clusterId, id))),
      ...(await db()
        .select()
        .from(clusterLoadBalancers)
        .where(eq(clusterLoadBalancers.clusterId, id))),
    ].filter((row) => row.deletedAt === null);
    expect(open).toEqual([]);
    expect(await look()).toBe(0);

    // Each change is an event of the cluster; the token is in none, nor in any log line.
    const events = (await client.get(`/api/clusters/${id}/events`)).json<ClusterEvent[]>();
    const messages = events.map((event) => event.message);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^Volume pvc-3f9a2b7c \(10 GB\) observed at DigitalOcean, made from inside the cluster: billed by the GB-hour from /,
      ),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(/^Volume pvc-3f9a2b7c resized at DigitalOcean to 25 GB/),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(/^Volume pvc-3f9a2b7c \(25 GB\) is gone at DigitalOcean/),
    );
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(TOKEN);
  }, 60_000);

  it('a retried delete after DigitalOcean deleted the cluster is done, and asks nothing again', async () => {
    const { client, id, remote } = await running('gone-already');
    double.inside.addVolume(remote.id, { name: 'pvc-gone', sizeGb: 1 });
    // DigitalOcean deleted it (and what it made) before the platform asked.
    double.clusters.delete(remote.id);
    const deleted = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${id}`,
      payload: { name: 'gone-already' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await settleJobs(t.app);
    expect((await clusterOf(client, id)).status).toBe('deleted');
    expect(
      double.requests.filter((r) =>
        r.path.startsWith(`/v2/kubernetes/clusters/${remote.id}/destroy`),
      ),
    ).toEqual([]);
  });

  it('waits for DigitalOcean when it fails, and looks again at the next pass', async () => {
    const { id } = await running('flaky');
    expect(await look()).toBe(1);
    const before = await observedAt(id);
    // Every call fails (500) for the job's attempts: the look is not recorded…
    double.fail(1_000);
    try {
      await t.app.services.clusters.observeDue(new Date(Date.now() + 11 * MINUTE));
      await settleJobs(t.app, 60_000);
    } finally {
      double.fail(0);
    }
    expect(await observedAt(id)).toEqual(before);
    // …and the next pass queues a new one, which gets through.
    expect(await look()).toBe(1);
    expect((await observedAt(id))!.getTime()).toBeGreaterThan(before!.getTime());
  }, 60_000);
});
