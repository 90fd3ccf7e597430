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
  organizations,
  subscriptions,
  usageRecords,
} from '../../src/db/schema.ts';
import { setMeteredThrough } from '../support/metering-cursor.ts';
import { clusterOrderer, orderCluster, settleJobs, smallCluster } from '../support/clusters.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
const T0 = new Date('2026-03-10T00:00:00.000Z');
const h = (hours: number, minutes = 0) => new Date(T0.getTime() + hours * HOUR + minutes * 60_000);

/**
 * A cluster's volumes and load balancers: made and deleted through the API, each an event,
 * seen through the cluster's Kubernetes API, and what storage and egress are billed for.
 */
describe('volumes and load balancers', () => {
  let t: TestApp;
  let A: Awaited<ReturnType<typeof running>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    A = await running();
  });
  afterAll(() => t.close());
  const db = () => t.app.services.db;

  async function running(name = 'web') {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name });
    await settleJobs(t.app);
    return { ...who, clusterId: order.clusterId! };
  }

  const eventsOf = async (client: Client, clusterId: number) =>
    (await client.get(`/api/clusters/${clusterId}/events`))
      .json<ClusterEvent[]>()
      .map((event) => event.message);

  let calls = 0;
  async function kube(client: Client, clusterId: number, path: string) {
    const config = await client.get(`/api/clusters/${clusterId}/kubeconfig`);
    const token = /token: "([^"]+)"/.exec(config.body)![1]!;
    const response = await t.app.inject({
      url: `/k8s/clusters/${clusterId}${path}`,
      remoteAddress: `10.77.0.${++calls}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      items: {
        metadata: { name: string };
        spec: Record<string, unknown>;
        status: Record<string, unknown>;
      }[];
    }>();
  }

  it('creates and deletes a persistent volume, each an event, seen by the Kubernetes API', async () => {
    const created = await A.client.post(`/api/clusters/${A.clusterId}/volumes`, {
      name: 'data',
      sizeGb: 100,
      storageClass: 'alpenkube-ssd',
    });
    expect(created.statusCode, created.body).toBe(200);
    const volumes = created.json<ClusterVolumes>();
    const data = volumes.volumes.find((volume) => volume.name === 'data')!;
    expect(data).toMatchObject({ kind: 'persistent', sizeGb: 100, billed: true, node: null });
    // Node disks are listed with the nodes' size, and paid with the nodes.
    const disks = volumes.volumes.filter((volume) => volume.kind === 'node_disk');
    expect(disks).toHaveLength(3);
    expect(disks[0]).toMatchObject({ billed: false, storageClass: 'alpenkube-ssd', id: null });
    expect(disks[0]!.sizeGb).toBeGreaterThan(0);
    expect(volumes.billedGb).toBe(100);

    expect(await eventsOf(A.client, A.clusterId)).toContain(
      'Volume data created: 100 GB, alpenkube-ssd',
    );
    const pv = await kube(A.client, A.clusterId, '/api/v1/persistentvolumes');
    expect(pv.items.map((item) => item.metadata.name)).toEqual(['data']);
    expect(pv.items[0]!.spec).toMatchObject({
      capacity: { storage: '100Gi' },
      storageClassName: 'alpenkube-ssd',
      persistentVolumeReclaimPolicy: 'Delete',
    });

    const deleted = await A.client.delete(`/api/clusters/${A.clusterId}/volumes/${data.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<ClusterVolumes>().volumes.some((v) => v.name === 'data')).toBe(false);
    expect(await eventsOf(A.client, A.clusterId)).toContain('Volume data deleted (100 GB)');
    expect((await kube(A.client, A.clusterId, '/api/v1/persistentvolumes')).items).toEqual([]);
    // Deleted once: a second time there is no such volume.
    expect(
      (await A.client.delete(`/api/clusters/${A.clusterId}/volumes/${data.id}`)).statusCode,
    ).toBe(404);
  });

  it('creates and deletes a load balancer with an address of a documentation range', async () => {
    const created = await A.client.post(`/api/clusters/${A.clusterId}/load-balancers`, {
      name: 'ingress',
    });
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json<ClusterLoadBalancers>();
    expect(answer.simulatedTraffic).toBe(true);
    // The simulation's are the platform's own rows: nothing is observed at a provider.
    expect(answer.observesProvider).toBe(false);
    const [balancer] = answer.loadBalancers;
    expect(balancer).toMatchObject({ name: 'ingress', ip: '203.0.113.10', simulatedTraffic: true });
    expect(await eventsOf(A.client, A.clusterId)).toContain(
      'Load balancer ingress created at 203.0.113.10',
    );
    // A second one takes the next free address.
    const second = await A.client.post(`/api/clusters/${A.clusterId}/load-balancers`, {
      name: 'api',
    });
    expect(second.json<ClusterLoadBalancers>().loadBalancers.map((b) => b.ip)).toEqual([
      '203.0.113.10',
      '203.0.113.11',
    ]);

    const services = await kube(A.client, A.clusterId, '/api/v1/services');
    const balancers = services.items.filter((item) => item.spec.type === 'LoadBalancer');
    expect(balancers.map((item) => item.metadata.name).sort()).toEqual(['api', 'ingress']);
    expect(balancers.find((item) => item.metadata.name === 'ingress')!.status).toEqual({
      loadBalancer: { ingress: [{ ip: '203.0.113.10' }] },
    });

    const deleted = await A.client.delete(
      `/api/clusters/${A.clusterId}/load-balancers/${balancer!.id}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<ClusterLoadBalancers>().loadBalancers.map((b) => b.name)).toEqual(['api']);
    expect(await eventsOf(A.client, A.clusterId)).toContain(
      'Load balancer ingress deleted (203.0.113.10 released)',
    );
    const after = await kube(A.client, A.clusterId, '/api/v1/services');
    expect(after.items.some((item) => item.metadata.name === 'ingress')).toBe(false);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const url = `/api/clusters/${A.clusterId}/volumes`;
    for (const [payload, field] of [
      [{ name: 'data', sizeGb: 0, storageClass: 'alpenkube-ssd' }, 'sizeGb'],
      [{ name: 'data', sizeGb: 16_385, storageClass: 'alpenkube-ssd' }, 'sizeGb'],
      [{ name: 'data', sizeGb: 1.5, storageClass: 'alpenkube-ssd' }, 'sizeGb'],
      [{ name: 'data', sizeGb: 10, storageClass: 'gold' }, 'storageClass'],
      [{ name: 'Not_A_Name', sizeGb: 10, storageClass: 'alpenkube-ssd' }, 'name'],
    ] as const) {
      const response = await A.client.post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
    }
    await A.client.post(url, { name: 'twice', sizeGb: 10, storageClass: 'alpenkube-ssd' });
    const again = await A.client.post(url, {
      name: 'twice',
      sizeGb: 20,
      storageClass: 'alpenkube-ssd',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toContain('already has a volume named twice');
    expect(
      (await A.client.post(`/api/clusters/${A.clusterId}/load-balancers`, { name: '' })).statusCode,
    ).toBe(400);
    expect(
      (await A.client.post(`/api/clusters/${A.clusterId}/load-balancers`, { name: 'api' }))
        .statusCode,
    ).toBe(400);
  });

  it("answers 404 for another organization's cluster, volume or load balancer", async () => {
    const other = await clusterOrderer(t.app);
    const [volume] = await db()
      .select()
      .from(clusterVolumes)
      .where(eq(clusterVolumes.clusterId, A.clusterId));
    const [balancer] = await db()
      .select()
      .from(clusterLoadBalancers)
      .where(eq(clusterLoadBalancers.clusterId, A.clusterId));
    const base = `/api/clusters/${A.clusterId}`;
    for (const response of [
      await other.client.get(`${base}/volumes`),
      await other.client.post(`${base}/volumes`, {
        name: 'mine',
        sizeGb: 10,
        storageClass: 'alpenkube-ssd',
      }),
      await other.client.delete(`${base}/volumes/${volume!.id}`),
      await other.client.get(`${base}/load-balancers`),
      await other.client.post(`${base}/load-balancers`, { name: 'mine' }),
      await other.client.delete(`${base}/load-balancers/${balancer!.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    // Nothing changed.
    const list = await A.client.get(`${base}/load-balancers`);
    expect(list.json<ClusterLoadBalancers>().loadBalancers.map((b) => b.name)).toEqual(['api']);
  });

  describe('metering', () => {
    let B: Awaited<ReturnType<typeof running>>;

    /** B's history moved to T0: created, nodes joined and running then, never metered. */
    beforeAll(async () => {
      B = await running('billed');
      await db()
        .update(clusters)
        .set({ createdAt: h(0) })
        .where(eq(clusters.id, B.clusterId));
      await db()
        .update(organizations)
        .set({ createdAt: h(-24) })
        .where(eq(organizations.id, B.organizationId));
      await setMeteredThrough(db(), B.clusterId, null);
      await db()
        .update(clusterNodes)
        .set({ createdAt: h(0) })
        .where(eq(clusterNodes.clusterId, B.clusterId));
      await db()
        .update(clusterEvents)
        .set({ createdAt: h(0) })
        .where(eq(clusterEvents.clusterId, B.clusterId));
      await db().delete(subscriptions).where(eq(subscriptions.clusterId, B.clusterId));
      // 100 GB from 00:00 to 01:30, 20 GB from 00:30 on; a load balancer from 01:00 on.
      await db()
        .insert(clusterVolumes)
        .values([
          {
            clusterId: B.clusterId,
            name: 'data',
            sizeGb: 100,
            storageClass: 'alpenkube-ssd',
            createdAt: h(0),
            deletedAt: h(1, 30),
          },
          {
            clusterId: B.clusterId,
            name: 'logs',
            sizeGb: 20,
            storageClass: 'alpenkube-ssd-retain',
            createdAt: h(0, 30),
          },
        ]);
      await db()
        .insert(clusterLoadBalancers)
        .values({
          clusterId: B.clusterId,
          name: 'web',
          ip: '203.0.113.10',
          simulated: true,
          createdAt: h(1),
        });
      await t.app.services.usage.meterAll(h(3, 5));
    });

    const recordsOf = (metric: 'storage_gb_hours' | 'egress_gb') =>
      db()
        .select({
          hour: usageRecords.hour,
          quantityMilli: usageRecords.quantityMilli,
          costMillicents: usageRecords.costMillicents,
        })
        .from(usageRecords)
        .where(and(eq(usageRecords.clusterId, B.clusterId), eq(usageRecords.metric, metric)))
        .orderBy(asc(usageRecords.hour));

    it('bills storage GB-hours of the volumes that existed in each hour, none of node disks', async () => {
      const { value: catalog } = await t.app.services.catalog.catalog();
      const rate = meteredRates({ ...smallCluster, billingCycle: 'monthly' }, catalog);
      const cost = (milli: number) => Math.round((milli * rate.storageGbHour) / 1000);
      expect(await recordsOf('storage_gb_hours')).toEqual([
        // 100 GB all hour, 20 GB half of it.
        { hour: h(0), quantityMilli: 110_000, costMillicents: cost(110_000) },
        // 100 GB half the hour, 20 GB all of it.
        { hour: h(1), quantityMilli: 70_000, costMillicents: cost(70_000) },
        { hour: h(2), quantityMilli: 20_000, costMillicents: cost(20_000) },
      ]);
    });

    it('bills egress only through a load balancer, the same figure each time it is asked', async () => {
      const driver = t.app.services.providers.driver('alpenkube');
      const [balancer] = await db()
        .select()
        .from(clusterLoadBalancers)
        .where(eq(clusterLoadBalancers.clusterId, B.clusterId));
      const expected = async (hour: Date) =>
        Math.round(
          (
            await driver.usage({
              clusterId: B.clusterId,
              hour,
              loadBalancers: [{ id: balancer!.id, seconds: 3600 }],
            })
          ).egressGb * 1000,
        );
      const records = await recordsOf('egress_gb');
      // No load balancer in the first hour: no egress.
      expect(records.map((record) => record.hour)).toEqual([h(1), h(2)]);
      for (const record of records) {
        expect(record.quantityMilli).toBe(await expected(record.hour));
        expect(record.quantityMilli).toBeGreaterThan(0);
        expect(record.costMillicents).toBe(record.quantityMilli);
      }
      // Metered again from scratch: the same figures.
      await setMeteredThrough(db(), B.clusterId, null);
      await t.app.services.usage.meterAll(h(3, 5));
      expect(await recordsOf('egress_gb')).toEqual(records);
    });

    it('names the resource of each usage CSV line and invoice line, egress as simulated', async () => {
      const csv = await B.client.get(
        '/api/usage?from=2026-03-10&to=2026-03-10&groupBy=cluster&format=csv',
      );
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines).toContain(
        `,${B.clusterId},billed,storage_gb_hours,"Storage of persistent volumes data (100 GB), logs (20 GB)",GB-hours,200.000,200.000,0.03,`,
      );
      const egress = lines.find((line) => line.includes(',egress_gb,'))!;
      expect(egress).toContain(
        '"Egress through load balancers web (203.0.113.10), simulated traffic"',
      );
      expect(lines.find((line) => line.includes(',node_hours,'))).toContain(
        'Nodes of pool general',
      );

      const report = await B.client.get('/api/usage?from=2026-03-10&to=2026-03-10');
      expect(report.json<{ simulatedEgress: boolean }>().simulatedEgress).toBe(true);

      const invoice = (await t.app.services.invoices.closeMonth(
        B.organizationId,
        new Date('2026-04-01T00:00:00Z'),
      ))!;
      const usageLines = invoice.lines.filter((line) => line.kind === 'usage');
      expect(usageLines.map((line) => line.description)).toEqual([
        'Cluster billed: Control plane',
        'Cluster billed: Nodes of pool general',
        'Cluster billed: Add-ons monitoring',
        'Cluster billed: Storage of persistent volumes data (100 GB), logs (20 GB)',
        'Cluster billed: Egress through load balancers web (203.0.113.10), simulated traffic',
      ]);
      const file = await B.client.get(`/api/billing/invoices/${invoice.id}/usage.csv`);
      expect(file.body).toContain(
        `${h(1).toISOString()},${B.clusterId},billed,storage_gb_hours,"Storage of persistent volumes data (100 GB), logs (20 GB)",70.000,70.000,`,
      );
      expect(file.body).toContain(
        `${h(2).toISOString()},${B.clusterId},billed,storage_gb_hours,Storage of persistent volumes logs (20 GB),20.000,20.000,`,
      );
    });
  });
});
