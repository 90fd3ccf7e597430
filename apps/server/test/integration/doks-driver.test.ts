import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster, ClusterEvent } from '@alpenkube/contract';
import { clusters } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import type { DigitalOceanDouble } from '../support/digitalocean-double.ts';
import { startDoksApp } from '../support/doks-app.ts';

const TOKEN = 'dop_v1_double_secret_token_0123456789';

/**
 * The real DOKS driver, switched on by DIGITALOCEAN_TOKEN, against the local double of
 * DigitalOcean's API: an order runs from paid to running, and every later change reaches the
 * double as the calls its OpenAPI definition describes.
 */
describe('DOKS driver against the DigitalOcean double', () => {
  let t: TestApp;
  let double: DigitalOceanDouble;
  const logs: string[] = [];

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, double, close } = await startDoksApp(TOKEN, logs));
  });
  afterAll(() => close());

  const doks = { provider: 'doks', region: 'fra1', kubernetesVersion: '1.36', addons: [] };
  const calls = (method: string, pattern: RegExp) =>
    double.requests.filter((r) => r.method === method && pattern.test(r.path));

  it('says which providers are real: doks is, the others stay simulated', async () => {
    const { client } = await clusterOrderer(t.app);
    const real = (await client.get('/api/providers/doks/health')).json();
    expect(real).toMatchObject({ provider: 'doks', simulated: false, status: 'operational' });
    expect(real.message).toMatch(
      /DigitalOcean answers: 4 regions, 3 Kubernetes versions; 0 of 25 Droplets in use/,
    );
    expect(real.regions.every((region: { available: boolean }) => region.available)).toBe(true);
    const simulated = (await client.get('/api/providers/gke/health')).json();
    expect(simulated.simulated).toBe(true);
    expect(t.app.services.providers.realProviders()).toEqual(['doks']);
  });

  it('orders, provisions, scales, upgrades, recycles and deletes a real cluster through the API', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name: 'real' });
    await settleJobs(t.app);
    let cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    expect(cluster.provider).toMatchObject({ slug: 'doks', simulated: false });

    // One cluster at DigitalOcean, tagged with the platform's id, with the order's pools.
    expect(double.clusters.size).toBe(1);
    const remote = [...double.clusters.values()][0]!;
    expect(remote.tags).toContain(`alpenkube-cluster-${cluster.id}`);
    expect(remote.region).toBe('fra1');
    expect(remote.version).toBe('1.36.5-do.1');
    expect(remote.node_pools[0]).toMatchObject({ name: 'general', size: 'g-4vcpu-16gb', count: 3 });
    expect(cluster.endpoint).toBe(remote.endpoint);
    expect(cluster.nodePools[0]!.nodes).toHaveLength(3);
    const create = calls('POST', /^\/v2\/kubernetes\/clusters$/);
    expect(create).toHaveLength(1);
    expect(create[0]!.authorization).toBe(`Bearer ${TOKEN}`);

    // The kubeconfig is DigitalOcean's, fetched from its API.
    const kubeconfig = await who.client.get(`/api/clusters/${cluster.id}/kubeconfig`);
    expect(kubeconfig.statusCode).toBe(200);
    expect(kubeconfig.body).toContain(`server: ${remote.endpoint}`);
    expect(kubeconfig.body).toMatch(/token: dop-double-kube-/);

    const poolId = cluster.nodePools[0]!.id;
    const up = await who.client.patch(`/api/clusters/${cluster.id}/node-pools/${poolId}`, {
      count: 4,
    });
    expect(up.statusCode, up.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    expect(cluster.status).toBe('running');
    expect(cluster.nodePools[0]!.nodes).toHaveLength(4);
    expect(remote.node_pools[0]!.count).toBe(4);
    expect(calls('PUT', /\/node_pools\/[^/]+$/).map((r) => r.body)).toEqual([
      { name: 'general', count: 4 },
    ]);

    const down = await who.client.patch(`/api/clusters/${cluster.id}/node-pools/${poolId}`, {
      count: 3,
    });
    expect(down.statusCode, down.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    expect(cluster.nodePools[0]!.nodes).toHaveLength(3);
    expect(remote.node_pools[0]!.count).toBe(3);
    expect(remote.node_pools[0]!.nodes).toHaveLength(3);

    const upgrade = await who.client.post(`/api/clusters/${cluster.id}/upgrade`, {
      version: '1.37',
    });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    expect(cluster).toMatchObject({ status: 'running', kubernetesVersion: '1.37' });
    expect(remote.version).toBe('1.37.2-do.0');
    expect(calls('POST', /\/upgrade$/).map((r) => r.body)).toEqual([{ version: '1.37.2-do.0' }]);

    // The maintenance window goes to DigitalOcean as its policy: the UTC weekday and start time
    // (Wednesday 02:00 in Vienna is 01:00 UTC in winter), and its own patch releases on.
    const maintenance = await who.client.put(`/api/clusters/${cluster.id}/maintenance`, {
      day: 'wed',
      hour: 2,
      timeZone: 'Europe/Vienna',
      autoUpgrade: true,
    });
    expect(maintenance.statusCode, maintenance.body).toBe(200);
    // DigitalOcean ships its own patches: the catalog's are not planned for it.
    expect(maintenance.json<Cluster>().maintenance).toMatchObject({ providerPatches: true });
    await settleJobs(t.app);
    expect(remote.auto_upgrade).toBe(true);
    expect(remote.maintenance_policy).toMatchObject({ day: 'wednesday' });
    expect(['01:00', '00:00']).toContain(remote.maintenance_policy.start_time);
    expect(calls('PUT', /^\/v2\/kubernetes\/clusters\/[^/]+$/).at(-1)!.body).toMatchObject({
      name: remote.name,
      auto_upgrade: true,
    });

    const node = cluster.nodePools[0]!.nodes[0]!.name;
    const recycle = await who.client.post(`/api/clusters/${cluster.id}/nodes/${node}/recycle`);
    expect(recycle.statusCode, recycle.body).toBe(200);
    await settleJobs(t.app);
    expect((await clusterOf(who.client, cluster.id)).status).toBe('running');
    expect(calls('DELETE', /\/nodes\/[^/]+\?replace=1$/)).toHaveLength(1);

    const deleted = await who.client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}`,
      payload: { name: 'real' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await settleJobs(t.app);
    expect((await clusterOf(who.client, cluster.id)).status).toBe('deleted');
    expect(double.clusters.size).toBe(0);
    // With what the cluster's workloads made: nothing of it stays on the account.
    expect(calls('DELETE', /\/destroy_with_associated_resources\/dangerous$/)).toHaveLength(1);
    expect(calls('DELETE', /^\/v2\/kubernetes\/clusters\/[^/]+$/)).toEqual([]);

    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    // DigitalOcean's status messages became the cluster's events, each once.
    const said = events.map((event) => event.message).filter((m) => m.startsWith('DigitalOcean: '));
    expect(said).toContain('DigitalOcean: Provisioning the control plane');
    expect(said).toContain('DigitalOcean: Upgrading to 1.37.2-do.0');
    expect(said.filter((m) => m === 'DigitalOcean: Provisioning the control plane')).toHaveLength(
      1,
    );

    // The token reaches DigitalOcean's Authorization header and nothing else.
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('refuses what the platform would only model on a real cluster, saying why', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name: 'honest' });
    await settleJobs(t.app);
    const id = order.clusterId!;
    expect((await clusterOf(who.client, id)).status).toBe('running');

    // DigitalOcean failing (500 three times): the download says so, without a 500 of its own.
    double.fail(3);
    const failed = await who.client.get(`/api/clusters/${id}/kubeconfig`);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toMatch(/did not give the kubeconfig: DigitalOcean failed \(500/);

    const rotate = await who.client.post(`/api/clusters/${id}/credentials/rotate`, {});
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json().message).toMatch(/provider's own tokens/);
    const volume = await who.client.post(`/api/clusters/${id}/volumes`, {
      name: 'data',
      sizeGb: 10,
      storageClass: 'alpenkube-ssd',
    });
    expect(volume.statusCode, volume.body).toBe(409);
    expect(volume.json().message).toMatch(/PersistentVolumeClaim/);
    const balancer = await who.client.post(`/api/clusters/${id}/load-balancers`, { name: 'api' });
    expect(balancer.statusCode).toBe(409);
    const backup = await who.client.post(`/api/clusters/${id}/backups`, {});
    expect(backup.statusCode).toBe(409);
    expect(backup.json().message).toMatch(/no etcd backups of a cluster on a real provider/);
    // The schedule passes it by too (Standard Blue takes daily backups of simulated clusters).
    await t.app.services.clusters.takeDueBackups();
    const backups = (await who.client.get(`/api/clusters/${id}/backups`)).json();
    expect(backups.simulated).toBe(false);
    expect(backups.backups).toEqual([]);
  });

  it("makes a running cluster's control plane highly available with DigitalOcean's update", async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name: 'solo' });
    await settleJobs(t.app);
    const id = order.clusterId!;
    const quote = (await who.client.get(`/api/clusters/${id}/high-availability`)).json();
    expect(quote.refusal).toBeNull();
    const placed = await who.client.request({
      method: 'POST',
      url: `/api/clusters/${id}/high-availability`,
      headers: { 'idempotency-key': 'doks-ha-solo' },
      payload: {},
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await who.client.post(`/api/orders/${placed.json().id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await settleJobs(t.app);

    const cluster = await clusterOf(who.client, id);
    expect(cluster.haControlPlane).toBe(true);
    expect(cluster.status).toBe('running');
    const atDigitalOcean = [...double.clusters.values()].find((c) =>
      c.tags.includes(`alpenkube-cluster-${id}`),
    );
    expect(atDigitalOcean?.ha).toBe(true);
    const updates = calls('PUT', /^\/v2\/kubernetes\/clusters\/[^/]+$/).filter(
      (request) => (request.body as { ha?: boolean } | undefined)?.ha === true,
    );
    expect(updates.length).toBeGreaterThanOrEqual(1);
    const events = (await who.client.get(`/api/clusters/${id}/events`)).json<ClusterEvent[]>();
    expect(events.map((event) => event.message)).toContain(
      'The control plane is highly available (DigitalOcean)',
    );
  });

  it('finds the cluster DigitalOcean accepted when the answer was lost, instead of a second', async () => {
    const before = double.clusters.size;
    double.dropCreateAnswer();
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...doks, name: 'lost-answer' });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    expect(double.clusters.size).toBe(before + 1);
    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    expect(events.some((event) => /could not be reached/.test(event.message))).toBe(true);
  });

  it("refuses an order beyond the account's Droplet limit, at once, with DigitalOcean's figures", async () => {
    double.account.droplet_limit = 2;
    try {
      const who = await clusterOrderer(t.app);
      const order = await orderCluster(who.client, { ...doks, name: 'too-big' });
      await settleJobs(t.app);
      const cluster = await clusterOf(who.client, order.clusterId!);
      expect(cluster.status).toBe('failed');
      expect(cluster.statusReason).toMatch(/room for \d+ more Droplets \(limit 2\), not 3 nodes/);
    } finally {
      double.account.droplet_limit = 25;
    }
  });

  it('reports a locked account as down, with its message', async () => {
    Object.assign(double.account, { status: 'locked', status_message: 'Billing overdue' });
    try {
      const health = await t.app.services.providers.driver('doks').health();
      expect(health.status).toBe('down');
      expect(health.message).toMatch(/Account locked: Billing overdue/);
    } finally {
      Object.assign(double.account, { status: 'active', status_message: '' });
    }
  });

  it('asks again after a long Retry-After instead of failing the step', async () => {
    double.throttle(1, '45');
    const doksDriver = t.app.services.providers.driver('doks');
    const outcome = await doksDriver.advance(
      {
        id: 987_654,
        name: 'throttled',
        provider: 'doks',
        region: 'fra1',
        tier: 'blue',
        kubernetesVersion: '1.36',
        kubernetesPatch: '1.36.5',
        haControlPlane: false,
        nodePools: [],
        addons: [],
      },
      { key: 'control-plane', label: '', done: '', weight: 1, effect: { type: 'endpoint' } },
      { startedAt: new Date(), signal: AbortSignal.timeout(10_000) },
    );
    expect(outcome).toEqual({ done: false, checkAgainInMs: 45_000 });
  });

  it('waits out a 429 as Retry-After says, and gets through', async () => {
    const { client } = await clusterOrderer(t.app);
    double.throttle(1, '1');
    const started = Date.now();
    const health = (await client.get('/api/providers/doks/health')).json();
    expect(health.status).toBe('operational');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('refuses an order in a region DigitalOcean stopped offering, and shows it unavailable', async () => {
    double.withdraw('regions', 'lon1');
    const { client } = await clusterOrderer(t.app);
    const health = (await client.get('/api/providers/doks/health')).json();
    const lon1 = health.regions.find((region: { code: string }) => region.code === 'lon1');
    expect(lon1.available).toBe(false);
    const validation = await client.post('/api/providers/doks/validate', {
      tier: 'blue',
      region: 'lon1',
      kubernetesVersion: '1.36',
      haControlPlane: false,
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
    });
    expect(validation.statusCode, validation.body).toBe(200);
    expect(validation.json().valid).toBe(false);
    expect(JSON.stringify(validation.json().issues)).toMatch(/no longer offers Kubernetes in lon1/);
  });

  it('seeds no demo cluster on DigitalOcean once it is real (it would not exist there)', async () => {
    const demo = await createTestApp({
      seedDemo: true,
      env: { DIGITALOCEAN_TOKEN: TOKEN, DIGITALOCEAN_API_URL: double.url },
    });
    try {
      const rows = await demo.app.services.db.select().from(clusters);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.provider === 'doks')).toEqual([]);
    } finally {
      await demo.close();
    }
  });

  it('reports the provider down, with the reason, when DigitalOcean refuses the token', async () => {
    const other = await createTestApp({
      reset: false,
      env: { DIGITALOCEAN_TOKEN: 'wrong-token', DIGITALOCEAN_API_URL: double.url },
    });
    try {
      const health = await other.app.services.providers.driver('doks').health();
      expect(health.status).toBe('down');
      expect(health.message).toMatch(/refused the platform's API token \(401/);
      expect(health.message).not.toContain('wrong-token');
    } finally {
      await other.close();
    }
  });
});
