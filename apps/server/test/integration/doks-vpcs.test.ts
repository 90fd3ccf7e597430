import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClusterEvent, Vpc } from '@alpenkube/contract';
import { clusters } from '../../src/db/schema.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import type { DigitalOceanDouble } from '../support/digitalocean-double.ts';
import { startDoksApp } from '../support/doks-app.ts';
import type { Client, TestApp } from '../support/test-app.ts';

interface VpcPage {
  vpcs: unknown[];
  links: { pages: { next?: string } };
  meta: { total: number };
}

const TOKEN = 'dop_v1_double_secret_token_vpc_0123456789';

/**
 * The real DOKS driver places each cluster in its platform VPC's network at DigitalOcean: made
 * once per VPC (`POST /v2/vpcs` with the platform's range), found again by its name after a
 * crash, given to the cluster's create as `vpc_uuid`, and deleted after the platform's VPC.
 */
describe('DOKS clusters in the platform’s VPCs at DigitalOcean', () => {
  let t: TestApp;
  let double: DigitalOceanDouble;
  let close: () => Promise<void>;
  const logs: string[] = [];

  beforeAll(async () => {
    ({ t, double, close } = await startDoksApp(TOKEN, logs));
  });
  afterAll(() => close());

  const doks = { provider: 'doks', region: 'fra1', kubernetesVersion: '1.36', addons: [] };
  const calls = (method: string, pattern: RegExp) =>
    double.requests.filter((r) => r.method === method && pattern.test(r.path));
  const vpcCreates = () => calls('POST', /^\/v2\/vpcs$/);
  const createsOf = (vpcId: number) =>
    vpcCreates().filter((r) => (r.body as { name: string }).name === `alpenkube-vpc-${vpcId}`);
  const atDigitalOcean = (vpcId: number) =>
    [...double.vpcs.vpcs.values()].filter((vpc) => vpc.name === `alpenkube-vpc-${vpcId}`);
  const remoteOf = (clusterId: number) =>
    [...double.clusters.values()].find((c) => c.tags.includes(`alpenkube-cluster-${clusterId}`));
  const newVpc = async (client: Client, body: { name: string; ipRange?: string }) => {
    const made = await client.post('/api/vpcs', { provider: 'doks', region: 'fra1', ...body });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<Vpc>();
  };
  const deleteCluster = async (client: Client, id: number, name: string) => {
    const deleted = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${id}`,
      payload: { name },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  };

  it('makes the VPC with the platform’s range for the first cluster and reuses it for the next', async () => {
    // Pages of two: the account's four default VPCs take two pages before the platform's.
    double.vpcs.pageSize(2);
    const who = await clusterOrderer(t.app);
    const first = await orderCluster(who.client, { ...doks, name: 'first' });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, first.clusterId!);
    expect(cluster.status).toBe('running');
    // The page and GET /api/clusters/:id show the VPC, as for a simulated cluster.
    expect(cluster.vpc).toMatchObject({ name: 'default-doks-fra1', ipRange: '10.110.0.0/20' });
    const vpcId = cluster.vpc!.id;

    expect(vpcCreates().map((request) => request.body)).toEqual([
      {
        name: `alpenkube-vpc-${vpcId}`,
        region: 'fra1',
        ip_range: '10.110.0.0/20',
        description: 'Alpenkube VPC default-doks-fra1: the clusters ordered in it',
      },
    ]);
    const [network] = atDigitalOcean(vpcId);
    expect(network).toMatchObject({ region: 'fra1', ip_range: '10.110.0.0/20', default: false });
    // Looked for first by its name, page by page as DigitalOcean links them.
    expect(calls('GET', /^\/v2\/vpcs\?per_page=200&page=1$/).length).toBeGreaterThan(0);
    expect(calls('GET', /^\/v2\/vpcs\?page=2&per_page=2$/).length).toBeGreaterThan(0);
    // The cluster's create carries it, and DigitalOcean has the cluster in it.
    expect(calls('POST', /^\/v2\/kubernetes\/clusters$/)[0]!.body).toMatchObject({
      vpc_uuid: network!.id,
    });
    expect(remoteOf(cluster.id)!.vpc_uuid).toBe(network!.id);
    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    expect(events.map((event) => event.message)).toEqual(
      expect.arrayContaining([
        'VPC default-doks-fra1 (10.110.0.0/20) is ready at DigitalOcean',
        'DigitalOcean accepted the cluster, in VPC default-doks-fra1',
      ]),
    );

    // A second cluster in the same platform VPC shares the DigitalOcean VPC: no second create.
    const second = await orderCluster(who.client, { ...doks, name: 'second' });
    await settleJobs(t.app);
    const next = await clusterOf(who.client, second.clusterId!);
    expect(next.status).toBe('running');
    expect(next.vpc).toEqual(cluster.vpc);
    expect(vpcCreates()).toHaveLength(1);
    expect(remoteOf(next.id)!.vpc_uuid).toBe(network!.id);
    expect(atDigitalOcean(vpcId)).toHaveLength(1);
    double.vpcs.pageSize(200);

    // A DOKS cluster made before the driver made VPCs is in DigitalOcean's default network: its
    // page says so (null) rather than the platform's range.
    await t.app.services.db
      .update(clusters)
      .set({ vpcAtProvider: false })
      .where(eq(clusters.id, next.id));
    expect((await clusterOf(who.client, next.id)).vpc).toBeNull();
  });

  it('keeps ranges apart across organizations: DigitalOcean’s account is one for all', async () => {
    // Another organization's default network takes the next free range, not 10.110.0.0/20 again,
    // which DigitalOcean would refuse as overlapping the first organization's.
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name: 'other-org' });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    expect(cluster.vpc).toMatchObject({ name: 'default-doks-fra1', ipRange: '10.110.16.0/20' });
    expect(atDigitalOcean(cluster.vpc!.id)[0]).toMatchObject({ ip_range: '10.110.16.0/20' });

    // A range asked for is checked against every organization's DOKS VPCs, in every region.
    const clash = await who.client.post('/api/vpcs', {
      provider: 'doks',
      region: 'ams3',
      name: 'clash',
      ipRange: '10.110.0.0/24',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toMatch(
      /10\.110\.0\.0\/24 overlaps 10\.110\.0\.0\/20, a network already in the provider's account/,
    );
  });

  it('makes no second VPC when DigitalOcean made one whose answer failed', async () => {
    const who = await clusterOrderer(t.app);
    const vpc = await newVpc(who.client, { name: 'flaky' });
    double.vpcs.failCreateAfterAccepting();
    const order = await orderCluster(who.client, { ...doks, name: 'retried', vpcId: vpc.id });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    // Asked once: the step's retry found it by its name.
    expect(createsOf(vpc.id)).toHaveLength(1);
    const networks = atDigitalOcean(vpc.id);
    expect(networks).toHaveLength(1);
    expect(remoteOf(cluster.id)!.vpc_uuid).toBe(networks[0]!.id);
    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    expect(events.some((event) => /DigitalOcean failed \(500/.test(event.message))).toBe(true);
  });

  it('fails the order with DigitalOcean’s message when it refuses the range (422)', async () => {
    const who = await clusterOrderer(t.app);
    // The platform does not know DigitalOcean's own default VPC of fra1 (10.114.0.0/20).
    const vpc = await newVpc(who.client, { name: 'overlapping', ipRange: '10.114.0.0/24' });
    const clusterCreates = calls('POST', /^\/v2\/kubernetes\/clusters$/).length;
    const order = await orderCluster(who.client, { ...doks, name: 'refused', vpcId: vpc.id });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('failed');
    expect(cluster.statusReason).toMatch(
      /DigitalOcean refused the request \(422: ip_range 10\.114\.0\.0\/24 overlaps the range 10\.114\.0\.0\/20 of VPC default-fra1/,
    );
    // At once (retrying cannot help), and no cluster was asked for.
    expect(createsOf(vpc.id)).toHaveLength(1);
    expect(calls('POST', /^\/v2\/kubernetes\/clusters$/)).toHaveLength(clusterCreates);
    expect(atDigitalOcean(vpc.id)).toEqual([]);
  });

  it('refuses a cluster create whose vpc_uuid is unknown or of another region (the double)', async () => {
    const network = [...double.vpcs.vpcs.values()].find((vpc) => vpc.name === 'default-ams3')!;
    const create = (vpcUuid: string) =>
      fetch(`${double.url}/v2/kubernetes/clusters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'direct',
          region: 'fra1',
          version: '1.36',
          vpc_uuid: vpcUuid,
          node_pools: [{ name: 'p', size: 's-2vcpu-4gb', count: 1 }],
        }),
      });
    const unknown = await create('5a4981aa-9653-4bd1-bef5-d6bff52042e4');
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ id: 'unprocessable_entity' });
    const elsewhere = await create(network.id);
    expect(elsewhere.status).toBe(422);
    expect(((await elsewhere.json()) as { message: string }).message).toMatch(
      /is in ams3, not in the cluster's region fra1/,
    );
  });

  it('answers /v2/vpcs as the definition says: pages, creates refused, deletes (the double)', async () => {
    const ask = (path: string, init: RequestInit = {}) =>
      fetch(`${double.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      });
    const total = double.vpcs.vpcs.size;
    const page = (await (await ask('/v2/vpcs?per_page=2&page=1')).json()) as VpcPage;
    expect(page.vpcs).toHaveLength(2);
    expect(page.meta).toEqual({ total });
    expect(page.links.pages.next).toBe('https://api.digitalocean.com/v2/vpcs?page=2&per_page=2');
    const last = (await (
      await ask(`/v2/vpcs?per_page=2&page=${Math.ceil(total / 2)}`)
    ).json()) as VpcPage;
    expect(last.links.pages.next).toBeUndefined();

    const post = (body: object) => ask('/v2/vpcs', { method: 'POST', body: JSON.stringify(body) });
    for (const [body, message] of [
      [{ region: 'fra1' }, /name is required/],
      [{ name: 'x' }, /region is required/],
      [{ name: 'bad_name', region: 'fra1' }, /alphanumeric/],
      [{ name: 'default-fra1', region: 'fra1' }, /already exists/],
      [{ name: 'far', region: 'mars1' }, /region is not valid/],
      [{ name: 'wide', region: 'fra1', ip_range: '10.0.0.0/12' }, /larger than \/16/],
      [{ name: 'public', region: 'fra1', ip_range: '8.8.8.0/24' }, /private/],
      [{ name: 'text', region: 'fra1', description: 'x'.repeat(256) }, /255/],
    ] as const) {
      const refused = await post(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(((await refused.json()) as { message: string }).message).toMatch(message);
    }
    const made = await post({ name: 'spare.net-1', region: 'lon1', ip_range: '192.168.40.0/24' });
    expect(made.status).toBe(201);
    const { vpc } = (await made.json()) as { vpc: { id: string } };
    expect(vpc).toMatchObject({ name: 'spare.net-1', region: 'lon1', default: false });
    expect((await ask(`/v2/vpcs/${vpc.id}`)).status).toBe(200);
    // A region's default is never deleted.
    const fra1 = [...double.vpcs.vpcs.values()].find((one) => one.name === 'default-fra1')!;
    const kept = await ask(`/v2/vpcs/${fra1.id}`, { method: 'DELETE' });
    expect(kept.status).toBe(403);
    expect((await ask(`/v2/vpcs/${vpc.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ask(`/v2/vpcs/${vpc.id}`)).status).toBe(404);
  });

  it('deletes the DigitalOcean VPC after the platform’s, once its clusters are gone', async () => {
    const who = await clusterOrderer(t.app);
    const vpc = await newVpc(who.client, { name: 'short-lived' });
    const order = await orderCluster(who.client, { ...doks, name: 'tenant', vpcId: vpc.id });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    const [network] = atDigitalOcean(vpc.id);
    expect(network).toBeDefined();

    // Refused while it holds the cluster, as ever.
    expect(
      (await who.client.request({ method: 'DELETE', url: `/api/vpcs/${vpc.id}` })).statusCode,
    ).toBe(409);
    await deleteCluster(who.client, cluster.id, 'tenant');
    await settleJobs(t.app);
    expect((await clusterOf(who.client, cluster.id)).status).toBe('deleted');

    // DigitalOcean first refuses (the deleted cluster's Droplets still going): asked again.
    double.vpcs.holdMembers(1);
    const removed = await who.client.request({ method: 'DELETE', url: `/api/vpcs/${vpc.id}` });
    expect(removed.statusCode, removed.body).toBe(204);
    await settleJobs(t.app);
    expect(atDigitalOcean(vpc.id)).toEqual([]);
    expect(calls('DELETE', new RegExp(`^/v2/vpcs/${network!.id}$`))).toHaveLength(2);

    // A VPC that never had a cluster has nothing at DigitalOcean: nothing is deleted there.
    const deletes = calls('DELETE', /^\/v2\/vpcs\//).length;
    const unused = await newVpc(who.client, { name: 'unused' });
    const gone = await who.client.request({ method: 'DELETE', url: `/api/vpcs/${unused.id}` });
    expect(gone.statusCode).toBe(204);
    await settleJobs(t.app);
    expect(calls('DELETE', /^\/v2\/vpcs\//)).toHaveLength(deletes);
  });

  it('leaves a VPC DigitalOcean made its region’s default, and says so in the log', async () => {
    // An account with no VPC in ams3 yet: the platform's first one there becomes its default.
    const ams3 = [...double.vpcs.vpcs.values()].find((vpc) => vpc.name === 'default-ams3')!;
    double.vpcs.vpcs.delete(ams3.id);
    const who = await clusterOrderer(t.app);
    const vpc = (
      await who.client.post('/api/vpcs', { provider: 'doks', region: 'ams3', name: 'first-ams3' })
    ).json<Vpc>();
    const order = await orderCluster(who.client, {
      ...doks,
      region: 'ams3',
      name: 'amsterdam',
      vpcId: vpc.id,
    });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    expect(atDigitalOcean(vpc.id)[0]).toMatchObject({ default: true });
    await deleteCluster(who.client, cluster.id, 'amsterdam');
    await settleJobs(t.app);
    const deletes = calls('DELETE', /^\/v2\/vpcs\//).length;
    const removed = await who.client.request({ method: 'DELETE', url: `/api/vpcs/${vpc.id}` });
    expect(removed.statusCode).toBe(204);
    await settleJobs(t.app);
    expect(atDigitalOcean(vpc.id)).toHaveLength(1);
    expect(calls('DELETE', /^\/v2\/vpcs\//)).toHaveLength(deletes);
    expect(logs.join('\n')).toMatch(
      /network of deleted VPC first-ams3 stays in the provider's account: DigitalOcean made VPC alpenkube-vpc-\d+ \([0-9a-f-]+\) the default network of ams3/,
    );
    // The token is in no log line.
    expect(logs.join('\n')).not.toContain(TOKEN);
  });
});
