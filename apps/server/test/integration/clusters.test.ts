import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Cluster, ClusterEvent, ClusterPage, Order } from '@alpenkube/contract';
import {
  auditEvents,
  clusterEvents,
  clusterNodes,
  notifications,
  organizations,
} from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  clusterOf,
  clusterOrderer,
  orderCluster,
  settleJobs,
  smallCluster,
} from '../support/clusters.ts';

describe('clusters: provisioning and operations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  async function runningCluster(overrides: Parameters<typeof orderCluster>[1] = {}) {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, overrides);
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    return { ...who, order, cluster };
  }

  it('turns a paid order into a running cluster: steps as events, nodes, endpoint, order completed', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name: 'shop' });
    expect(order.status).toBe('fulfilling');
    const ordered = await clusterOf(who.client, order.clusterId!);
    expect(ordered).toMatchObject({ status: 'ordered', nodeCount: 3, endpoint: null });
    expect(ordered.operation).toMatchObject({ kind: 'provision', progress: 0 });
    expect(ordered.monthlyCost).toBeGreaterThan(0);

    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('running');
    expect(cluster.operation).toBeNull();
    expect(cluster.endpoint).toMatch(/\/k8s\/clusters\/\d+$/);
    expect(cluster.nodePools[0]!.nodes).toHaveLength(3);
    expect(cluster.nodePools[0]!.nodes.every((node) => node.status === 'ready')).toBe(true);
    expect(new Set(cluster.nodePools[0]!.nodes.map((node) => node.zone)).size).toBe(3);
    expect(cluster.addons.map((addon) => addon.slug)).toEqual(['monitoring']);
    expect(cluster.kubernetesPatch).toMatch(/^1\.36\.\d+$/);

    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    const messages = events.map((event) => event.message);
    expect(messages[0]).toMatch(/ordered/);
    expect(messages).toContain('Provisioning started');
    expect(messages.some((m) => /^Control plane is up/.test(m))).toBe(true);
    expect(messages.filter((m) => /^Node .* joined pool general/.test(m))).toHaveLength(3);
    expect(messages.at(-1)).toBe('Cluster shop is running');
    expect(events.at(-1)!.progress).toBe(100);
    const progress = events.map((event) => event.progress).filter((p): p is number => p !== null);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const paid = (await who.client.get(`/api/orders/${order.id}`)).json<Order>();
    expect(paid.status).toBe('completed');
    const told = await t.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, who.userId));
    expect(told.some((n) => /Cluster shop is ready/.test(n.message))).toBe(true);
  });

  it('runs a step once: a step repeated after a crash adds no node and no event', async () => {
    const { cluster } = await runningCluster({ name: 'again' });
    const { db } = t.app.services;
    const before = await db
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, cluster.id));
    // The job that provisioned it, run again as after a crash between its steps.
    await db.execute(
      sql`update jobs set status = 'pending', run_at = now() where type = 'cluster.operation'`,
    );
    await settleJobs(t.app);
    const after = await db
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.clusterId, cluster.id));
    expect(after).toHaveLength(before.length);
    const nodes = await db
      .select()
      .from(clusterNodes)
      .where(eq(clusterNodes.clusterId, cluster.id));
    expect(nodes).toHaveLength(3);
  });

  it('lists with filters, search, sort and paging, only the organization’s clusters', async () => {
    const who = await clusterOrderer(t.app);
    await orderCluster(who.client, { name: 'alpha' });
    await orderCluster(who.client, { name: 'beta', provider: 'eks', region: 'eu-central-1' });
    await orderCluster(who.client, { name: 'gamma', provider: 'eks', region: 'eu-west-1' });
    await runningCluster({ name: 'elsewhere' });

    const all = (await who.client.get('/api/clusters?sort=name')).json<ClusterPage>();
    expect(all.items.map((c) => c.name)).toEqual(['alpha', 'beta', 'gamma']);
    expect(all.total).toBe(3);
    const eks = (await who.client.get('/api/clusters?provider=eks&sort=-name')).json<ClusterPage>();
    expect(eks.items.map((c) => c.name)).toEqual(['gamma', 'beta']);
    expect(
      (await who.client.get('/api/clusters?q=LP')).json<ClusterPage>().items.map((c) => c.name),
    ).toEqual(['alpha']);
    const page2 = (
      await who.client.get('/api/clusters?sort=name&limit=2&page=2')
    ).json<ClusterPage>();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((c) => c.name)).toEqual(['gamma']);
    expect(eks.items[0]!.region).toMatchObject({
      code: 'eu-west-1',
      city: 'Dublin',
      jurisdiction: 'eu',
    });
    expect(eks.items[0]!.provider).toMatchObject({ slug: 'eks', simulated: true });

    const bad = await who.client.get('/api/clusters?status=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
  });

  it('refuses a change in the wrong state with 409 and a reason', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name: 'early' });
    const id = order.clusterId!;
    const cluster = await clusterOf(who.client, id);
    const pool = cluster.nodePools[0]!;
    const scale = await who.client.patch(`/api/clusters/${id}/node-pools/${pool.id}`, { count: 4 });
    expect(scale.statusCode).toBe(409);
    expect(scale.json().message).toMatch(
      /early is ordered and waiting to be provisioned: it can be changed once it is running or degraded/,
    );
    const kubeconfig = await who.client.get(`/api/clusters/${id}/kubeconfig`);
    expect(kubeconfig.statusCode).toBe(409);
    const remove = await who.client.request({
      method: 'DELETE',
      url: `/api/clusters/${id}`,
      payload: { name: 'early' },
    });
    expect(remove.statusCode).toBe(409);
  });

  it('scales a pool up and down: nodes join and leave, the cost follows, one change at a time', async () => {
    const { client, cluster } = await runningCluster({ name: 'elastic' });
    const pool = cluster.nodePools[0]!;
    const up = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 5,
    });
    expect(up.statusCode, up.body).toBe(200);
    const updating = up.json<Cluster>();
    expect(updating).toMatchObject({ status: 'updating', nodeCount: 5 });
    expect(updating.monthlyCost).toBeGreaterThan(cluster.monthlyCost);
    const second = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 6,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/applying another change/);

    await settleJobs(t.app);
    const scaled = await clusterOf(client, cluster.id);
    expect(scaled.status).toBe('running');
    expect(scaled.nodePools[0]!.nodes).toHaveLength(5);
    const names = new Set(scaled.nodePools[0]!.nodes.map((node) => node.name));
    expect(names.size).toBe(5);

    const down = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 3,
    });
    expect(down.statusCode, down.body).toBe(200);
    await settleJobs(t.app);
    const shrunk = await clusterOf(client, cluster.id);
    expect(shrunk.nodePools[0]!.nodes.map((node) => node.name)).toEqual(
      scaled.nodePools[0]!.nodes.slice(0, 3).map((node) => node.name),
    );
    expect(shrunk.monthlyCost).toBe(cluster.monthlyCost);

    const tooMany = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 51,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 50 nodes/);
    const autoscale = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      autoscaleMin: 3,
      autoscaleMax: 8,
    });
    expect(autoscale.statusCode, autoscale.body).toBe(200);
    expect(autoscale.json<Cluster>().nodePools[0]).toMatchObject({
      autoscaleMin: 3,
      autoscaleMax: 8,
    });
    expect(autoscale.json<Cluster>().status).toBe('running');
  });

  it('adds and removes a pool, never the last one', async () => {
    const { client, cluster } = await runningCluster({ name: 'pools' });
    const add = await client.post(`/api/clusters/${cluster.id}/node-pools`, {
      name: 'batch',
      size: 'l-8vcpu-32gb',
      count: 3,
    });
    expect(add.statusCode, add.body).toBe(200);
    const duplicate = await client.post(`/api/clusters/${cluster.id}/node-pools`, {
      name: 'batch',
      size: 'l-8vcpu-32gb',
      count: 3,
    });
    expect(duplicate.statusCode).toBe(409);
    await settleJobs(t.app);
    const twoPools = await clusterOf(client, cluster.id);
    expect(twoPools.nodePools.map((pool) => [pool.name, pool.nodes.length])).toEqual([
      ['general', 3],
      ['batch', 3],
    ]);
    const wrongSize = await client.post(`/api/clusters/${cluster.id}/node-pools`, {
      name: 'gpu',
      size: 'gpu-8vcpu-64gb-l4',
      count: 1,
    });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().issues[0].path).toEqual(['size']);

    const general = twoPools.nodePools[0]!;
    const remove = await client.delete(`/api/clusters/${cluster.id}/node-pools/${general.id}`);
    expect(remove.statusCode, remove.body).toBe(200);
    await settleJobs(t.app);
    const onePool = await clusterOf(client, cluster.id);
    expect(onePool.nodePools.map((pool) => pool.name)).toEqual(['batch']);
    const last = await client.delete(
      `/api/clusters/${cluster.id}/node-pools/${onePool.nodePools[0]!.id}`,
    );
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/only node pool/);
  });

  it('upgrades one minor at a time, never down, and recycles a node', async () => {
    const { client, cluster, userId } = await runningCluster({
      name: 'versions',
      kubernetesVersion: '1.35',
    });
    const skip = await client.post(`/api/clusters/${cluster.id}/upgrade`, { version: '1.37' });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toMatch(/one minor version at a time/);
    const down = await client.post(`/api/clusters/${cluster.id}/upgrade`, { version: '1.34' });
    expect(down.statusCode).toBe(400);
    expect(cluster.upgrades).toEqual(['1.36']);
    const upgrade = await client.post(`/api/clusters/${cluster.id}/upgrade`, { version: '1.36' });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    await settleJobs(t.app);
    const upgraded = await clusterOf(client, cluster.id);
    expect(upgraded.kubernetesVersion).toBe('1.36');
    expect(
      upgraded.nodePools[0]!.nodes.every((node) => node.version === upgraded.kubernetesPatch),
    ).toBe(true);
    const told = await t.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId));
    expect(told.some((n) => /versions now runs Kubernetes 1\.36/.test(n.message))).toBe(true);

    const node = upgraded.nodePools[0]!.nodes[1]!.name;
    const recycle = await client.post(`/api/clusters/${cluster.id}/nodes/${node}/recycle`);
    expect(recycle.statusCode, recycle.body).toBe(200);
    expect(recycle.json<Cluster>().status).toBe('updating');
    await settleJobs(t.app);
    expect((await clusterOf(client, cluster.id)).status).toBe('running');
    const unknown = await client.post(`/api/clusters/${cluster.id}/nodes/nope/recycle`);
    expect(unknown.statusCode).toBe(404);
  });

  it('renames, checks the name given to delete it, deletes it and revokes its kubeconfig', async () => {
    const { client, cluster, organizationId } = await runningCluster({ name: 'old-name' });
    const rename = await client.patch(`/api/clusters/${cluster.id}`, { name: 'new-name' });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json<Cluster>().name).toBe('new-name');
    const badName = await client.patch(`/api/clusters/${cluster.id}`, { name: 'Not A Label' });
    expect(badName.statusCode).toBe(400);

    const kubeconfig = await client.get(`/api/clusters/${cluster.id}/kubeconfig`);
    expect(kubeconfig.statusCode).toBe(200);
    expect(kubeconfig.headers['content-disposition']).toBe(
      'attachment; filename="new-name-kubeconfig.yaml"',
    );
    expect(kubeconfig.body).toMatch(/token: "akc_/);
    const audited = await t.app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'cluster.kubeconfig'),
          eq(auditEvents.organizationId, organizationId),
        ),
      );
    expect(audited).toHaveLength(1);
    const token = /token: "([^"]+)"/.exec(kubeconfig.body)![1]!;
    expect(await t.app.services.clusters.resolveKube(cluster.id, token)).toMatchObject({
      name: 'new-name',
    });
    expect(await t.app.services.clusters.resolveKube(cluster.id + 1, token)).toBeNull();

    const wrong = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}`,
      payload: { name: 'old-name' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0]).toMatchObject({ path: ['name'] });
    const remove = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}`,
      payload: { name: 'new-name' },
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(remove.json<Cluster>().status).toBe('deleting');
    await settleJobs(t.app);
    const gone = await clusterOf(client, cluster.id);
    expect(gone.status).toBe('deleted');
    expect(gone.nodePools.flatMap((pool) => pool.nodes)).toEqual([]);
    expect(await t.app.services.clusters.resolveKube(cluster.id, token)).toBeNull();
    expect((await client.get('/api/clusters')).json<ClusterPage>().total).toBe(0);
    const again = await client.request({
      method: 'DELETE',
      url: `/api/clusters/${cluster.id}`,
      payload: { name: 'new-name' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('rotating the credentials revokes the kubeconfigs given out', async () => {
    const { client, cluster } = await runningCluster({ name: 'rotate' });
    const first = /token: "([^"]+)"/.exec(
      (await client.get(`/api/clusters/${cluster.id}/kubeconfig`)).body,
    )![1]!;
    expect((await client.post(`/api/clusters/${cluster.id}/credentials/rotate`)).statusCode).toBe(
      200,
    );
    const second = /token: "([^"]+)"/.exec(
      (await client.get(`/api/clusters/${cluster.id}/kubeconfig`)).body,
    )![1]!;
    expect(second).not.toBe(first);
    expect(await t.app.services.clusters.resolveKube(cluster.id, first)).toBeNull();
    expect(await t.app.services.clusters.resolveKube(cluster.id, second)).not.toBeNull();
  });

  it('retries a failing step with back-off, then fails the cluster and the order, and refunds as credit', async () => {
    const who = await clusterOrderer(t.app);
    t.app.services.providers.faults.inject('control-plane', 2, 'Control plane timed out');
    const recovered = await orderCluster(who.client, { name: 'flaky' });
    await settleJobs(t.app);
    const flaky = await clusterOf(who.client, recovered.clusterId!);
    expect(flaky.status).toBe('running');
    const retries = (await who.client.get(`/api/clusters/${flaky.id}/events`))
      .json<ClusterEvent[]>()
      .filter((event) => event.kind === 'retry');
    expect(retries.map((event) => event.message)).toEqual([
      'Starting the control plane: Control plane timed out. Trying again (attempt 2 of 4).',
      'Starting the control plane: Control plane timed out. Trying again (attempt 3 of 4).',
    ]);

    t.app.services.providers.faults.inject('control-plane', 10, 'Control plane timed out');
    const doomed = await orderCluster(who.client, { name: 'doomed' });
    await settleJobs(t.app);
    t.app.services.providers.faults.clear();
    const failed = await clusterOf(who.client, doomed.clusterId!);
    expect(failed.status).toBe('failed');
    expect(failed.statusReason).toBe('Control plane timed out');
    const order = (await who.client.get(`/api/orders/${doomed.id}`)).json<Order>();
    expect(order.status).toBe('failed');
    const [org] = await t.app.services.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, who.organizationId));
    expect(org!.creditBalanceCents).toBe(doomed.total);
    const events = (await who.client.get(`/api/clusters/${failed.id}/events`)).json<
      ClusterEvent[]
    >();
    expect(events.at(-1)!.message).toMatch(
      /^Provisioning of doomed failed: Control plane timed out\. \$[\d,.]+ was returned to your credit balance\.$/,
    );

    // A failed cluster can be deleted; a running one's name is free again once it is.
    const remove = await who.client.request({
      method: 'DELETE',
      url: `/api/clusters/${failed.id}`,
      payload: { name: 'doomed' },
    });
    expect(remove.statusCode, remove.body).toBe(200);
    await settleJobs(t.app);
    expect((await clusterOf(who.client, failed.id)).status).toBe('deleted');
  });

  it('counts a step’s retries across its “not yet” answers: alternating ones end in failure after the budget', async () => {
    const who = await clusterOrderer(t.app);
    const { faults } = t.app.services.providers;
    // Each "not yet" reschedules the job, which starts its own attempts again.
    for (let i = 0; i < 8; i += 1) {
      faults.inject('control-plane', 1, 'Control plane timed out');
      faults.stall('control-plane', 1);
    }
    const order = await orderCluster(who.client, { name: 'wavering' });
    await settleJobs(t.app);
    faults.clear();
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('failed');
    expect(cluster.statusReason).toBe('Control plane timed out');
    const retries = (await who.client.get(`/api/clusters/${cluster.id}/events`))
      .json<ClusterEvent[]>()
      .filter((event) => event.kind === 'retry');
    expect(retries.map((event) => event.message)).toEqual([
      'Starting the control plane: Control plane timed out. Trying again (attempt 2 of 4).',
      'Starting the control plane: Control plane timed out. Trying again (attempt 3 of 4).',
      'Starting the control plane: Control plane timed out. Trying again (attempt 4 of 4).',
    ]);
  });

  it('fails at once, without retrying, over the provider’s quota', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, {
      name: 'huge',
      tier: 'red',
      haControlPlane: true,
      provider: 'doks',
      region: 'fra1',
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 150 }],
    });
    await settleJobs(t.app);
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('failed');
    expect(cluster.statusReason).toMatch(
      /Quota exceeded: DOKS allows 100 nodes per cluster, not 150/,
    );
    const events = (await who.client.get(`/api/clusters/${cluster.id}/events`)).json<
      ClusterEvent[]
    >();
    expect(events.filter((event) => event.kind === 'retry')).toEqual([]);
  });

  it('answers a topology graph and the provider test pages’ health and dry run', async () => {
    const { client, cluster } = await runningCluster({ name: 'graph', haControlPlane: true });
    const topology = (await client.get(`/api/clusters/${cluster.id}/topology`)).json();
    expect(topology.controlPlane).toMatchObject({ ha: true, replicas: 3, healthy: true });
    expect(topology.nodePools[0].nodes).toHaveLength(3);
    const all = (await client.get('/api/clusters/topology')).json();
    expect(all.map((graph: { name: string }) => graph.name)).toEqual(['graph']);

    const health = (await client.get('/api/providers/cce/health')).json();
    expect(health).toMatchObject({ provider: 'cce', simulated: true, status: 'degraded' });
    expect(
      health.regions.find((region: { code: string }) => region.code === 'af-south-1').available,
    ).toBe(false);
    expect((await client.get('/api/providers/nope/health')).statusCode).toBe(404);

    const config = {
      tier: 'blue',
      region: 'fra1',
      kubernetesVersion: '1.37',
      nodePools: [{ name: 'a', size: 'm-4vcpu-16gb', count: 3 }],
      haControlPlane: false,
    };
    const valid = (await client.post('/api/providers/doks/validate', config)).json();
    expect(valid).toMatchObject({ valid: true, issues: [] });
    expect(valid.estimate).toMatch(/minute/);
    const invalid = (
      await client.post('/api/providers/doks/validate', { ...config, region: 'eu-central-1' })
    ).json();
    expect(invalid.valid).toBe(false);
    expect(invalid.issues[0]).toMatchObject({ path: ['region'] });
  });

  it('keeps a same-count scale from starting an empty change; autoscale alone is recorded at once', async () => {
    const { client, cluster } = await runningCluster({ name: 'steady' });
    const pool = cluster.nodePools[0]!;
    const same = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 3,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues[0]).toMatchObject({ path: ['count'] });
    const withLimits = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 3,
      autoscaleMin: 2,
      autoscaleMax: 6,
    });
    expect(withLimits.statusCode, withLimits.body).toBe(200);
    expect(withLimits.json<Cluster>()).toMatchObject({ status: 'running', operation: null });
    const quota = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 60,
    });
    expect(quota.statusCode).toBe(400);
    expect(quota.json().issues[0]).toMatchObject({ path: ['count'] });
  });

  it('refuses a rename to a name an open order holds', async () => {
    const { client, cluster } = await runningCluster({ name: 'first' });
    const pending = await client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `held-${Date.now()}` },
      payload: {
        kind: 'cluster',
        cluster: { ...smallCluster, name: 'held' },
        billingCycle: 'monthly',
      },
    });
    expect(pending.statusCode).toBe(201);
    const rename = await client.patch(`/api/clusters/${cluster.id}`, { name: 'held' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().issues[0]).toMatchObject({ path: ['name'] });
  });

  it('leaves a failed change degraded with what exists, and a degraded cluster can be mended', async () => {
    const { client, cluster } = await runningCluster({ name: 'mend' });
    const pool = cluster.nodePools[0]!;
    t.app.services.providers.faults.inject('node', 10, 'Instance quota of the account reached');
    const up = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 5,
    });
    expect(up.statusCode).toBe(200);
    await settleJobs(t.app);
    t.app.services.providers.faults.clear();
    const degraded = await clusterOf(client, cluster.id);
    expect(degraded).toMatchObject({
      status: 'degraded',
      statusReason: 'Instance quota of the account reached',
      nodeCount: 3,
      monthlyCost: cluster.monthlyCost,
    });
    expect(degraded.nodePools[0]!.count).toBe(3);
    const again = await client.patch(`/api/clusters/${cluster.id}/node-pools/${pool.id}`, {
      count: 4,
    });
    expect(again.statusCode, again.body).toBe(200);
    await settleJobs(t.app);
    expect(await clusterOf(client, cluster.id)).toMatchObject({ status: 'running', nodeCount: 4 });
  });

  it('ends the operation when its job gives up outside the provider (a worker that died)', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name: 'orphan' });
    const { db, jobs: runner } = t.app.services;
    await db.execute(
      sql`update jobs set status = 'running', locked_by = 'dead:1', locked_at = now() - interval '1 hour', attempts = max_attempts where type = 'cluster.operation' and status = 'pending'`,
    );
    await runner.releaseStale();
    const cluster = await clusterOf(who.client, order.clusterId!);
    expect(cluster.status).toBe('failed');
    expect(cluster.statusReason).toMatch(/worker stopped/);
    expect((await who.client.get(`/api/orders/${order.id}`)).json<Order>().status).toBe('failed');
  });

  it('gives an operation that lost its job a new one', async () => {
    const who = await clusterOrderer(t.app);
    const order = await orderCluster(who.client, { name: 'stranded' });
    const { db } = t.app.services;
    await db.execute(sql`update jobs set status = 'done' where type = 'cluster.operation'`);
    await settleJobs(t.app);
    expect((await clusterOf(who.client, order.clusterId!)).status).toBe('ordered');
    await t.app.services.clusters.resumeStranded();
    await settleJobs(t.app);
    expect((await clusterOf(who.client, order.clusterId!)).status).toBe('running');
  });
});
