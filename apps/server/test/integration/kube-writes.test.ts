import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  meteredRates,
  type ClusterEvent,
  type ClusterLoadBalancers,
  type ClusterVolumes,
} from '@alpenkube/contract';
import type { ActorRole } from '@alpenkube/contract/permissions';
import {
  clusterKubeObjects,
  clusterVolumes,
  clusters,
  usageRecords,
  users,
} from '../../src/db/schema.ts';
import { setMeteredThrough } from '../support/metering-cursor.ts';
import { clusterOrderer, orderCluster, settleJobs, smallCluster } from '../support/clusters.ts';
import { Client, createTestApp, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;

/**
 * What clients write through a cluster's Kubernetes API becomes the platform's own records: a
 * LoadBalancer Service a load balancer, a claim a volume, listed on the cluster page, billed as
 * any other, and gone (billing ended) when the object is deleted.
 */
describe('writes through the Kubernetes API', () => {
  let t: TestApp;
  let A: Awaited<ReturnType<typeof clusterOrderer>> & { clusterId: number };
  let calls = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name: 'shop' });
    await settleJobs(t.app);
    A = { ...who, clusterId: order.clusterId! };
  });
  afterAll(() => t.close());
  const db = () => t.app.services.db;

  const tokenOf = async (client: Client, clusterId: number) => {
    const config = await client.get(`/api/clusters/${clusterId}/kubeconfig`);
    expect(config.statusCode, config.body).toBe(200);
    return /token: "([^"]+)"/.exec(config.body)![1]!;
  };
  const kube = (
    token: string,
    clusterId: number,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    contentType = 'application/json',
  ) =>
    t.app.inject({
      method,
      url: `/k8s/clusters/${clusterId}${path}`,
      remoteAddress: `10.78.0.${++calls % 250}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web' },
    spec: { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 80 }] },
  };
  const claim = {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '20Gi' } } },
  };
  const keptObjects = () =>
    db().select().from(clusterKubeObjects).where(eq(clusterKubeObjects.clusterId, A.clusterId));
  const eventsOf = async () =>
    (await A.client.get(`/api/clusters/${A.clusterId}/events`))
      .json<ClusterEvent[]>()
      .map((event) => event.message);

  it('makes a LoadBalancer Service a load balancer and a claim a volume, and deletes them with it', async () => {
    const token = await tokenOf(A.client, A.clusterId);
    const base = '/api/v1/namespaces/default';
    const made = await kube(token, A.clusterId, 'POST', `${base}/services`, service);
    expect(made.statusCode, made.body).toBe(201);
    const balancers = (
      await A.client.get(`/api/clusters/${A.clusterId}/load-balancers`)
    ).json<ClusterLoadBalancers>().loadBalancers;
    expect(balancers).toHaveLength(1);
    const [balancer] = balancers;
    expect(made.json<{ status: unknown }>().status).toEqual({
      loadBalancer: { ingress: [{ ip: balancer!.ip }] },
    });
    const uid = made.json<{ metadata: { uid: string } }>().metadata.uid;
    expect(balancer!.name).toBe(`a${uid.replace(/-/g, '')}`.slice(0, 32));
    // Listed once: as the Service, not again as a load balancer of the platform's.
    const services = (await kube(token, A.clusterId, 'GET', '/api/v1/services')).json<{
      items: { metadata: { name: string }; spec: { type: string } }[];
    }>();
    expect(
      services.items
        .filter((item) => item.spec.type === 'LoadBalancer')
        .map((item) => item.metadata.name),
    ).toEqual(['web']);

    const bound = await kube(token, A.clusterId, 'POST', `${base}/persistentvolumeclaims`, claim);
    expect(bound.statusCode, bound.body).toBe(201);
    const claimed = bound.json<{ spec: { volumeName: string }; status: { phase: string } }>();
    expect(claimed.status.phase).toBe('Bound');
    const volumes = (
      await A.client.get(`/api/clusters/${A.clusterId}/volumes`)
    ).json<ClusterVolumes>();
    expect(volumes.volumes.find((volume) => volume.name === claimed.spec.volumeName)).toMatchObject(
      {
        kind: 'persistent',
        sizeGb: 20,
        storageClass: 'alpenkube-ssd',
        billed: true,
      },
    );
    expect(volumes.billedGb).toBe(20);
    const volumesSeen = (await kube(token, A.clusterId, 'GET', '/api/v1/persistentvolumes')).json<{
      items: { metadata: { name: string }; status: object; spec: object }[];
    }>();
    expect(
      volumesSeen.items.find((pv) => pv.metadata.name === claimed.spec.volumeName),
    ).toMatchObject({
      status: { phase: 'Bound' },
      spec: { claimRef: { namespace: 'default', name: 'data' }, capacity: { storage: '20Gi' } },
    });
    const events = await eventsOf();
    expect(events).toContain(
      `Volume ${claimed.spec.volumeName} created: 20 GB, alpenkube-ssd (for PersistentVolumeClaim default/data)`,
    );
    expect(events.some((message) => message.endsWith('(for Service default/web)'))).toBe(true);

    // Its storage is billed by the hour at the price engine's rate, as any volume's.
    const volumeRow = (
      await db()
        .select()
        .from(clusterVolumes)
        .where(eq(clusterVolumes.name, claimed.spec.volumeName))
    )[0]!;
    const hourStart = Math.floor(Date.now() / HOUR) * HOUR;
    await db()
      .update(clusters)
      .set({ createdAt: new Date(hourStart - 3 * HOUR) })
      .where(eq(clusters.id, A.clusterId));
    await db()
      .update(clusterVolumes)
      .set({ createdAt: new Date(hourStart - 2 * HOUR) })
      .where(eq(clusterVolumes.id, volumeRow.id));
    await setMeteredThrough(db(), A.clusterId, null);
    await t.app.services.usage.meterAll(new Date(hourStart + 5 * 60_000));
    const { value: catalog } = await t.app.services.catalog.catalog();
    const rate = meteredRates({ ...smallCluster, billingCycle: 'monthly' }, catalog);
    const storage = await db()
      .select()
      .from(usageRecords)
      .where(
        and(eq(usageRecords.clusterId, A.clusterId), eq(usageRecords.metric, 'storage_gb_hours')),
      );
    const fullHour = storage.find((record) => record.hour.getTime() === hourStart - 2 * HOUR);
    expect(fullHour).toMatchObject({
      quantityMilli: 20_000,
      costMillicents: Math.round((20_000 * rate.storageGbHour) / 1000),
    });

    expect((await kube(token, A.clusterId, 'DELETE', `${base}/services/web`)).statusCode).toBe(200);
    expect(
      (await kube(token, A.clusterId, 'DELETE', `${base}/persistentvolumeclaims/data`)).statusCode,
    ).toBe(200);
    expect(
      (
        await A.client.get(`/api/clusters/${A.clusterId}/load-balancers`)
      ).json<ClusterLoadBalancers>().loadBalancers,
    ).toEqual([]);
    const after = (
      await A.client.get(`/api/clusters/${A.clusterId}/volumes`)
    ).json<ClusterVolumes>();
    expect(after.billedGb).toBe(0);
    const [ended] = await db()
      .select()
      .from(clusterVolumes)
      .where(eq(clusterVolumes.id, volumeRow.id));
    expect(ended!.deletedAt).not.toBeNull();
    expect(await keptObjects()).toEqual([]);
  });

  it('answers a claim the platform refuses with a Status', async () => {
    const token = await tokenOf(A.client, A.clusterId);
    const tooBig = {
      ...claim,
      spec: { ...claim.spec, resources: { requests: { storage: '20Ti' } } },
    };
    const refused = await kube(
      token,
      A.clusterId,
      'POST',
      '/api/v1/namespaces/default/persistentvolumeclaims',
      tooBig,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Invalid',
      code: 422,
    });
    const goldClass = { ...claim, spec: { ...claim.spec, storageClassName: 'gold' } };
    const gold = await kube(
      token,
      A.clusterId,
      'POST',
      '/api/v1/namespaces/default/persistentvolumeclaims',
      goldClass,
    );
    expect(gold.json<{ message: string }>().message).toContain('spec.storageClassName');
    expect(await keptObjects()).toEqual([]);
  });

  it("refuses a member who may not change clusters, opens nothing to a read-only one, and another organization's cluster is unknown", async () => {
    const [row] = await db()
      .insert(users)
      .values({
        organizationId: A.organizationId,
        username: 'rita',
        email: 'rita@kube-writes.test',
        passwordHash: 'not-a-hash',
        role: 'user' satisfies ActorRole,
        status: 'active',
        emailVerified: true,
      })
      .returning();
    const sid = await t.app.services.sessions.create(db(), row!.id, {
      userAgent: 'kube',
      ip: '127.0.0.1',
    });
    const rita = new Client(t.app);
    rita.setCookie('sid', sid);
    const token = await tokenOf(rita, A.clusterId);
    // Made read-only after downloading the kubeconfig: a read-only member holds no cluster
    // credential, so hers opens nothing, reads included.
    await db().update(users).set({ role: 'viewer' }).where(eq(users.id, row!.id));
    expect((await kube(token, A.clusterId, 'GET', '/api/v1/namespaces')).statusCode).toBe(401);
    // A customer again, with an address not verified: she reads, and may not change the cluster.
    await db()
      .update(users)
      .set({ role: 'user', emailVerified: false })
      .where(eq(users.id, row!.id));
    expect((await kube(token, A.clusterId, 'GET', '/api/v1/namespaces')).statusCode).toBe(200);
    const create = await kube(token, A.clusterId, 'POST', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'rita' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });

    const other = await clusterOrderer(t.app);
    const otherOrder = await orderCluster(other.client, { name: 'other' });
    await settleJobs(t.app);
    const otherToken = await tokenOf(other.client, otherOrder.clusterId!);
    // A credential of another organization's cluster opens nothing of this one.
    const foreign = await kube(otherToken, A.clusterId, 'POST', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'theirs' },
    });
    expect(foreign.statusCode).toBe(401);
    expect((await A.client.get(`/api/clusters/${otherOrder.clusterId}/volumes`)).statusCode).toBe(
      404,
    );
  });
});
