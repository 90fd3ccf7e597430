import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterEvent } from '@alpenkube/contract';
import { clusters } from '../../src/db/schema.ts';
import type { DriverCluster, DriverStep } from '../../src/modules/providers/provider-driver.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import type { GkeDouble } from '../support/gke-double.ts';
import { startGkeApp } from '../support/gke-app.ts';

const TOKEN = 'ya29.double-secret-access-token-0123456789';
const PROJECT = 'alpenkube-test';

/**
 * The real GKE driver, switched on by GKE_PROJECT, against the local double of Google's
 * Container API v1 (through `@google-cloud/container` over REST): an order runs from paid to
 * running, and every later change reaches the double as the calls of the discovery document.
 */
describe('GKE driver against the Container API double', () => {
  let t: TestApp;
  let double: GkeDouble;
  const logs: string[] = [];

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, double, close } = await startGkeApp({ token: TOKEN, project: PROJECT, logs }));
  });
  afterAll(() => close());

  const gke = { provider: 'gke', region: 'europe-west3', kubernetesVersion: '1.36', addons: [] };
  const calls = (method: string, pattern: RegExp) =>
    double.requests.filter((r) => r.method === method && pattern.test(r.path));
  const clusterPath = `/v1/projects/${PROJECT}/locations`;
  const remoteOf = (id: number) =>
    [...double.clusters.values()].find((c) => c.resourceLabels['alpenkube-cluster'] === String(id));

  it('says which providers are real: gke is, the others stay simulated', async () => {
    const { client } = await clusterOrderer(t.app);
    const real = (await client.get('/api/providers/gke/health')).json();
    expect(real).toMatchObject({ provider: 'gke', simulated: false, status: 'operational' });
    expect(real.message).toMatch(
      /Google Kubernetes Engine answers for project alpenkube-test: 4 of 4 regions, 3 Kubernetes minors; machine types read from Compute Engine/,
    );
    expect(real.regions.every((region: { available: boolean }) => region.available)).toBe(true);
    expect((await client.get('/api/providers/doks/health')).json().simulated).toBe(true);
    expect(t.app.services.providers.realProviders()).toEqual(['gke']);
    // Each region's server config, read with the fixed token of the test endpoint.
    const configs = calls('GET', /\/serverConfig$/);
    expect(configs.map((r) => r.path)).toContain(`${clusterPath}/europe-west1/serverConfig`);
    expect(configs[0]!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('orders, provisions, scales, adds and removes a pool, upgrades and deletes a real cluster', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...gke, name: 'real' });
    await settleJobs(t.app);
    let cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status, cluster.statusReason ?? '').toBe('running');
    expect(cluster.provider).toMatchObject({ slug: 'gke', simulated: false });

    // One zonal cluster at Google, labelled with the platform's id, with the order's pools.
    const remote = remoteOf(cluster.id)!;
    expect(remote).toBeDefined();
    expect(remote.name).toBe(`ak-${cluster.id}-real`);
    expect(remote.location).toBe('europe-west3-a');
    expect(remote.locations).toEqual(['europe-west3-a']);
    expect(remote.currentMasterVersion).toBe('1.36.5-gke.1200');
    expect(remote.nodePools[0]).toMatchObject({
      config: { machineType: 'e2-standard-4' },
      initialNodeCount: 3,
      management: { autoUpgrade: false, autoRepair: true },
    });
    expect(cluster.endpoint).toBe(`https://${remote.endpoint}`);
    expect(remote.endpoint).toBe(double.kubeEndpoint);
    expect(cluster.nodePools[0]!.nodes).toHaveLength(3);
    expect(cluster.nodePools[0]!.nodes[0]!.zone).toBe('europe-west3-a');
    const creates = calls('POST', /\/locations\/europe-west3-a\/clusters$/);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({
      cluster: {
        name: remote.name,
        initialClusterVersion: '1.36.5-gke.1200',
        resourceLabels: { 'alpenkube-cluster': String(cluster.id) },
      },
    });

    const poolId = cluster.nodePools[0]!.id;
    const poolName = remote.nodePools[0]!.name;
    const up = await who.client.patch(`/api/clusters/${cluster.id}/node-pools/${poolId}`, {
      count: 5,
    });
    expect(up.statusCode, up.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    expect(cluster.status).toBe('running');
    expect(cluster.nodePools[0]!.nodes).toHaveLength(5);
    expect(remote.nodePools[0]!.size).toBe(5);

    const down = await who.client.patch(`/api/clusters/${cluster.id}/node-pools/${poolId}`, {
      count: 3,
    });
    expect(down.statusCode, down.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    expect(cluster.nodePools[0]!.nodes).toHaveLength(3);
    expect(remote.nodePools[0]!.size).toBe(3);
    // One absolute size per change, whatever the number of nodes it moved.
    expect(calls('POST', /:setSize$/).map((r) => [r.path.split('/').at(-1), r.body])).toEqual([
      [`${poolName}:setSize`, { nodeCount: 5 }],
      [`${poolName}:setSize`, { nodeCount: 3 }],
    ]);

    const added = await who.client.post(`/api/clusters/${cluster.id}/node-pools`, {
      name: 'batch',
      size: 'l-8vcpu-32gb',
      count: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    const batch = cluster.nodePools.find((pool) => pool.name === 'batch')!;
    expect(batch.nodes).toHaveLength(2);
    expect(remote.nodePools.find((pool) => pool.name === `batch-${batch.id}`)).toMatchObject({
      config: { machineType: 'e2-standard-8', labels: { 'alpenkube-pool': String(batch.id) } },
      initialNodeCount: 2,
      status: 'RUNNING',
    });
    expect(calls('POST', /\/nodePools$/)).toHaveLength(1);

    const upgrade = await who.client.post(`/api/clusters/${cluster.id}/upgrade`, {
      version: '1.37',
    });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    expect(cluster).toMatchObject({ status: 'running', kubernetesVersion: '1.37' });
    expect(remote.currentMasterVersion).toBe('1.37.2-gke.1100');
    expect(remote.nodePools.map((pool) => pool.version)).toEqual([
      '1.37.2-gke.1100',
      '1.37.2-gke.1100',
    ]);
    // The control plane first, then each pool once, to the control plane's release.
    const upgrades = double.requests.filter(
      (r) => /:updateMaster$/.test(r.path) || (r.method === 'PUT' && /\/nodePools\//.test(r.path)),
    );
    expect(upgrades.map((r) => r.body)).toEqual([
      { masterVersion: '1.37.2-gke.1100' },
      { nodeVersion: '1.37.2-gke.1100', imageType: 'COS_CONTAINERD' },
      { nodeVersion: '1.37.2-gke.1100', imageType: 'COS_CONTAINERD' },
    ]);

    const removed = await who.client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}/node-pools/${batch.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await settleJobs(t.app);
    cluster = await clusterOf(who.client, cluster.id);
    expect(cluster.nodePools.map((pool) => pool.name)).toEqual(['general']);
    expect(remote.nodePools.map((pool) => pool.name)).toEqual([poolName]);
    expect(calls('DELETE', /\/nodePools\/[^/]+$/)).toHaveLength(1);

    const deleted = await who.client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}`,
      payload: { name: 'real' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await settleJobs(t.app);
    expect((await clusterOf(who.client, cluster.id)).status).toBe('deleted');
    expect(remoteOf(cluster.id)).toBeUndefined();
    expect(calls('DELETE', /\/clusters\/[^/]+$/)).toHaveLength(1);

    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    // Google's operations became the cluster's events, each once.
    const said = events
      .map((event) => event.message)
      .filter((m) => m.startsWith('Google Kubernetes Engine: '));
    expect(said).toContain('Google Kubernetes Engine: creating the cluster started');
    expect(said).toContain('Google Kubernetes Engine: creating the cluster done');
    expect(said).toContain('Google Kubernetes Engine: upgrading the control plane done');
    expect(said).toContain(`Google Kubernetes Engine: upgrading the nodes (${poolName}) done`);
    expect(
      said.filter((m) => m === 'Google Kubernetes Engine: creating the cluster done'),
    ).toHaveLength(1);

    // The token reaches Google's Authorization header and nothing else.
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('gives a cluster-scoped kubeconfig, and refuses what the platform cannot do on GKE', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...gke, name: 'honest' });
    await settleJobs(t.app);
    const id = order.clusterId!;
    const cluster = await clusterOf(who.client, id);
    expect(cluster.status).toBe('running');

    // A kubeconfig for this cluster alone: the cluster's CA, and a week's token of a service
    // account the platform keeps there, asked of the cluster with the platform's Google token.
    const remote = remoteOf(id)!;
    const kubeconfig = await who.client.get(`/api/clusters/${id}/kubeconfig`);
    expect(kubeconfig.statusCode, kubeconfig.body).toBe(200);
    expect(kubeconfig.body).toContain(`server: https://${remote.endpoint}`);
    expect(kubeconfig.body).toContain(
      `certificate-authority-data: ${remote.masterAuth.clusterCaCertificate}`,
    );
    expect(kubeconfig.body).toMatch(/token: k8s-sa-alpenkube-admin-\d+/);
    expect(kubeconfig.body).not.toContain(TOKEN);
    expect(double.kube.bindings.has('alpenkube-admin')).toBe(true);
    // Downloading again asks a fresh token of the same account, creating nothing twice.
    const again = await who.client.get(`/api/clusters/${id}/kubeconfig`);
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toBe(kubeconfig.body);
    expect(double.kube.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);

    // GKE has no call that replaces one node.
    const node = cluster.nodePools[0]!.nodes[0]!.name;
    const recycle = await who.client.post(`/api/clusters/${id}/nodes/${node}/recycle`);
    expect(recycle.statusCode, recycle.body).toBe(409);
    expect(recycle.json().message).toMatch(/offers no call to replace one node/);
    expect((await clusterOf(who.client, id)).status).toBe('running');

    // A zonal cluster cannot become regional at Google: making it HA is refused.
    const quote = (await who.client.get(`/api/clusters/${id}/high-availability`)).json();
    expect(quote.refusal).toMatch(/not offered on GKE yet: choose HA when you order/);

    const backup = await who.client.post(`/api/clusters/${id}/backups`, {});
    expect(backup.statusCode).toBe(409);
    const balancer = await who.client.post(`/api/clusters/${id}/load-balancers`, { name: 'api' });
    expect(balancer.statusCode).toBe(409);
  });

  it('creates an HA cluster as a regional one, its nodes in one zone of the region', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, {
      ...gke,
      name: 'regional',
      tier: 'red',
      haControlPlane: true,
    });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status, cluster.statusReason ?? '').toBe('running');
    const remote = remoteOf(cluster.id)!;
    expect(remote.location).toBe('europe-west3');
    expect(remote.locations).toEqual(['europe-west3-a']);
  });

  it('finds the cluster Google accepted when the answer was lost, instead of a second', async () => {
    const before = double.clusters.size;
    double.dropCreateAnswer();
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...gke, name: 'lost-answer' });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status, cluster.statusReason ?? '').toBe('running');
    expect(double.clusters.size).toBe(before + 1);
    expect(
      calls('POST', new RegExp(`/clusters$`)).filter((r) =>
        JSON.stringify(r.body).includes(`ak-${cluster.id}-lost-answer`),
      ),
    ).toHaveLength(1);
    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    expect(
      events.some((event) => /Google Kubernetes Engine failed \(UNAVAILABLE/.test(event.message)),
    ).toBe(true);
  });

  it("fails the order with Google's message when it refuses the create (INVALID_ARGUMENT)", async () => {
    double.refuse('Insufficient regional quota to satisfy request: resource "CPUS".');
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...gke, name: 'refused' });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('failed');
    expect(cluster.statusReason).toMatch(
      /refused the request \(INVALID_ARGUMENT: Insufficient regional quota to satisfy request: resource "CPUS"\.\)/,
    );
    expect(remoteOf(cluster.id)).toBeUndefined();
  });

  it("fails the order with the operation's error when Google's create fails", async () => {
    double.failNextOperation('Google Compute Engine: Not enough resources available in zone.');
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { ...gke, name: 'no-capacity' });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('failed');
    expect(cluster.statusReason).toMatch(/Not enough resources available in zone/);
    expect(cluster.statusReason).toMatch(
      /could not finish creating the cluster \(FAILED_PRECONDITION/,
    );
  });

  const nowhere: DriverCluster = {
    id: 987_654,
    name: 'throttled',
    provider: 'gke',
    region: 'europe-west3',
    tier: 'blue',
    kubernetesVersion: '1.36',
    kubernetesPatch: '1.36.5',
    haControlPlane: false,
    nodePools: [],
    addons: [],
  };
  const controlPlane: DriverStep = {
    key: 'control-plane',
    label: '',
    done: '',
    weight: 1,
    effect: { type: 'endpoint' },
  };
  const askControlPlane = () =>
    t.app.services.providers.driver('gke').advance(nowhere, controlPlane, {
      startedAt: new Date(),
      signal: AbortSignal.timeout(20_000),
    });

  it('asks again after a long Retry-After instead of failing the step', async () => {
    double.throttle(1, '45');
    expect(await askControlPlane()).toEqual({ done: false, checkAgainInMs: 45_000 });
  });

  it('waits out a 429 as Retry-After says, and backs off over 500 and 503, then gets through', async () => {
    // Two seconds, not the one second waited when Google names no delay; then the list of
    // clusters answers, without this one.
    double.throttle(1, '2');
    const started = Date.now();
    await expect(askControlPlane()).rejects.toThrow(/has no cluster for throttled/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
    double.fail(1, 500);
    await expect(askControlPlane()).rejects.toThrow(/has no cluster for throttled/);
    double.fail(1, 503);
    await expect(askControlPlane()).rejects.toThrow(/has no cluster for throttled/);
    double.fail(3, 503);
    await expect(askControlPlane()).rejects.toMatchObject({
      message: expect.stringMatching(/failed \(UNAVAILABLE: The service is currently unavailable/),
      retryable: true,
    });
  });

  it('refuses an order in a region Google stopped offering, and shows it unavailable', async () => {
    double.withdraw('europe-west9');
    try {
      const { client } = await clusterOrderer(t.app);
      const health = (await client.get('/api/providers/gke/health')).json();
      const paris = health.regions.find(
        (region: { code: string }) => region.code === 'europe-west9',
      );
      expect(paris.available).toBe(false);
      const validation = await client.post('/api/providers/gke/validate', {
        tier: 'blue',
        region: 'europe-west9',
        kubernetesVersion: '1.36',
        haControlPlane: false,
        nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
      });
      expect(validation.statusCode, validation.body).toBe(200);
      expect(validation.json().valid).toBe(false);
      expect(JSON.stringify(validation.json().issues)).toMatch(
        /no longer offers Kubernetes Engine in europe-west9/,
      );
    } finally {
      double.restore('europe-west9');
    }
  });

  it('refuses a size whose machine type Compute Engine stopped offering', async () => {
    double.withdrawMachineType('e2-standard-8');
    const { client } = await clusterOrderer(t.app);
    // The offer is read at most every ten minutes: the health check reads it now.
    await client.get('/api/providers/gke/health');
    const validation = await client.post('/api/providers/gke/validate', {
      tier: 'blue',
      region: 'europe-west3',
      kubernetesVersion: '1.36',
      haControlPlane: false,
      nodePools: [{ name: 'general', size: 'l-8vcpu-32gb', count: 3 }],
    });
    expect(validation.json().valid).toBe(false);
    expect(JSON.stringify(validation.json().issues)).toMatch(
      /does not offer l-8vcpu-32gb \(e2-standard-8\) in europe-west3-a now/,
    );
    expect(
      calls('GET', /\/compute\/v1\/projects\/alpenkube-test\/zones\/europe-west3-a\/machineTypes$/)
        .length,
    ).toBeGreaterThan(0);
  });

  it("refuses an order beyond the project's CPU quota, at once, with Google's figures", async () => {
    const limit = double.quota.limit;
    double.quota.limit = 8;
    try {
      const who = await clusterOrderer(t.app);
      const order = await orderCluster(who.client, { ...gke, name: 'too-big' });
      await settleJobs(t.app);
      const cluster = await clusterOf(who.client, order.clusterId!);
      expect(cluster.status).toBe('failed');
      expect(cluster.statusReason).toMatch(
        /Quota exceeded: the Google Cloud project has \d+ CPUs free in europe-west3 \(limit 8\), not the 12 these nodes need/,
      );
      expect(remoteOf(cluster.id)).toBeUndefined();
    } finally {
      double.quota.limit = limit;
    }
  });

  it('seeds no demo cluster on GKE once it is real (it would not exist there)', async () => {
    const demo = await createTestApp({
      seedDemo: true,
      env: {
        GKE_PROJECT: PROJECT,
        GKE_API_ENDPOINT: double.url,
        GKE_ACCESS_TOKEN: TOKEN,
      },
    });
    try {
      const rows = await demo.app.services.db.select().from(clusters);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.provider === 'gke')).toEqual([]);
    } finally {
      await demo.close();
    }
  });

  it("reports the provider down, with Google's reason, when it refuses the credentials", async () => {
    const other = await createTestApp({
      reset: false,
      env: {
        GKE_PROJECT: PROJECT,
        GKE_API_ENDPOINT: double.url,
        GKE_ACCESS_TOKEN: 'ya29.wrong-token',
      },
    });
    try {
      const health = await other.app.services.providers.driver('gke').health();
      expect(health.status).toBe('down');
      expect(health.message).toMatch(/Google refused the platform's credentials \(UNAUTHENTICATED/);
      expect(health.message).not.toContain('wrong-token');
    } finally {
      await other.close();
    }
  });
});
