import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Catalog, Vpc } from '@alpenkube/contract';
import { auditEvents } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

/** VPC networks: made by their organization, chosen at order time, kept while clusters use them. */
describe('VPC networks', () => {
  let t: TestApp;
  let otherRegion: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    const catalog = (await t.app.inject({ url: '/api/catalog' })).json<Catalog>();
    const provider = catalog.providers.find((one) => one.slug === 'alpenkube')!;
    otherRegion = provider.regions.find((region) => region.code !== 'eu-de-fra')!.code;
  });
  afterAll(() => t.close());

  it('gives a cluster ordered without a choice its region’s default network, shared by the next', async () => {
    const { client } = await clusterOrderer(t.app);
    const first = await orderCluster(client, { name: 'first' });
    const second = await orderCluster(client, { name: 'second' });
    await settleJobs(t.app);
    const a = await clusterOf(client, first.clusterId!);
    const b = await clusterOf(client, second.clusterId!);
    expect(a.vpc).toMatchObject({ name: 'default-alpenkube-eu-de-fra', ipRange: '10.110.0.0/20' });
    expect(b.vpc).toEqual(a.vpc);
    const list = (await client.get('/api/vpcs')).json<Vpc[]>();
    expect(list).toEqual([
      expect.objectContaining({ id: a.vpc!.id, isDefault: true, clusterCount: 2 }),
    ]);
  });

  it('makes VPCs with a free or a chosen private range, and refuses what overlaps or is not private', async () => {
    const { client, organizationId } = await clusterOrderer(t.app);
    const make = (body: object) =>
      client.post('/api/vpcs', { provider: 'alpenkube', region: 'eu-de-fra', ...body });
    const auto = await make({ name: 'backend' });
    expect(auto.statusCode, auto.body).toBe(201);
    expect(auto.json<Vpc>()).toMatchObject({
      ipRange: '10.110.0.0/20',
      isDefault: false,
      clusterCount: 0,
    });
    const chosen = await make({ name: 'data', ipRange: '172.16.5.0/24' });
    expect(chosen.json<Vpc>().ipRange).toBe('172.16.5.0/24');
    // Written from its network address.
    expect((await make({ name: 'wide', ipRange: '10.20.99.1/16' })).json<Vpc>().ipRange).toBe(
      '10.20.0.0/16',
    );

    for (const [body, message] of [
      [{ name: 'clash', ipRange: '10.110.8.0/24' }, /overlaps 10\.110\.0\.0\/20/],
      [{ name: 'public', ipRange: '8.8.8.0/24' }, /not a private range/],
      [{ name: 'huge', ipRange: '10.0.0.0/8' }, /not a \/8/],
      [{ name: 'pods', ipRange: '10.244.0.0/20' }, /pods and services/],
      [{ name: 'nowhere', region: 'mars-1' }, /has no region mars-1/],
      [{ name: 'Not_A_Label' }, /./],
    ] as const) {
      const refused = await make(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(message);
    }
    const twice = await make({ name: 'backend' });
    expect(twice.statusCode).toBe(409);
    // The same range in another region is another network.
    const elsewhere = await client.post('/api/vpcs', {
      name: 'far',
      provider: 'alpenkube',
      region: otherRegion,
    });
    expect(elsewhere.json<Vpc>().ipRange).toBe('10.110.0.0/20');
    const audited = await t.app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, organizationId));
    expect(audited.filter((row) => row.action === 'vpc.create')).toHaveLength(4);
  });

  it('places a cluster in the VPC chosen at order time, of its own region only, and keeps the VPC while it is there', async () => {
    const { client } = await clusterOrderer(t.app);
    const vpc = (
      await client.post('/api/vpcs', {
        name: 'apps',
        provider: 'alpenkube',
        region: 'eu-de-fra',
        ipRange: '10.50.0.0/20',
      })
    ).json<Vpc>();
    const far = (
      await client.post('/api/vpcs', { name: 'far', provider: 'alpenkube', region: otherRegion })
    ).json<Vpc>();

    const wrongRegion = await client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `vpc-${Date.now()}` },
      payload: {
        kind: 'cluster',
        cluster: {
          ...(await import('../support/clusters.ts')).smallCluster,
          name: 'misplaced',
          vpcId: far.id,
        },
        billingCycle: 'monthly',
      },
    });
    expect(wrongRegion.statusCode).toBe(400);
    expect(wrongRegion.json<{ message: string }>().message).toMatch(
      /joins a VPC of its own region/,
    );

    const other = await clusterOrderer(t.app);
    const foreign = (
      await other.client.post('/api/vpcs', {
        name: 'theirs',
        provider: 'alpenkube',
        region: 'eu-de-fra',
      })
    ).json<Vpc>();
    await expect(orderCluster(client, { name: 'intruder', vpcId: foreign.id })).rejects.toThrow(
      /No VPC of your organization/,
    );

    const order = await orderCluster(client, { name: 'inside', vpcId: vpc.id });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    expect(cluster.vpc).toEqual({ id: vpc.id, name: 'apps', ipRange: '10.50.0.0/20' });

    const kept = await client.delete(`/api/vpcs/${vpc.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json<{ message: string }>().message).toMatch(/still holds 1 cluster/);
    expect((await other.client.delete(`/api/vpcs/${vpc.id}`)).statusCode).toBe(404);

    const deleting = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}`,
      payload: { name: 'inside' },
    });
    expect(deleting.statusCode, deleting.body).toBeLessThan(300);
    await settleJobs(t.app);
    expect((await client.delete(`/api/vpcs/${vpc.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/vpcs')).json<Vpc[]>().map((one) => one.name)).toEqual(['far']);
  });
});
