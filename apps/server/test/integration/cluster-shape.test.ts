import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Cluster, ClusterEvent, ClusterPage, UsageReport } from '@alpenkube/contract';
import { auditEvents, clusters } from '../../src/db/schema.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

const HOUR = 3_600_000;

/** Labels and taints of node pools, tags of clusters: the rules, the refusals, the filters. */
describe('the shape of the nodes: labels, taints and tags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  async function runningCluster(client: Client, overrides: Parameters<typeof orderCluster>[1]) {
    const order = await orderCluster(client, overrides);
    await settleJobs(t.app);
    return clusterOf(client, order.clusterId!);
  }

  const labelsUrl = (cluster: Cluster, poolId = cluster.nodePools[0]!.id) =>
    `/api/clusters/${cluster.id}/node-pools/${poolId}/labels`;
  const eventsOf = async (client: Client, cluster: Cluster) =>
    (await client.get(`/api/clusters/${cluster.id}/events`)).json<ClusterEvent[]>();

  it('orders a cluster with pool labels, taints and tags, and edits them on the running pool', async () => {
    const { client } = await clusterOrderer(t.app);
    const cluster = await runningCluster(client, {
      name: 'shaped',
      tags: ['Team:Web', 'env-prod', 'team:web'],
      nodePools: [
        {
          name: 'general',
          size: 'm-4vcpu-16gb',
          count: 3,
          labels: { 'example.com/team': 'web', tier: 'frontend' },
          taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }],
        },
      ],
    });
    // Lowercased, without duplicates, sorted.
    expect(cluster.tags).toEqual(['env-prod', 'team:web']);
    expect(cluster.nodePools[0]).toMatchObject({
      labels: { 'example.com/team': 'web', tier: 'frontend' },
      taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }],
    });

    const edited = await client.put(labelsUrl(cluster), {
      labels: { 'example.com/team': 'api', gpu: '' },
      taints: [{ key: 'spot', effect: 'PreferNoSchedule' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const pool = edited.json<Cluster>().nodePools[0]!;
    expect(pool.labels).toEqual({ 'example.com/team': 'api', gpu: '' });
    expect(pool.taints).toEqual([{ key: 'spot', value: '', effect: 'PreferNoSchedule' }]);
    // Nothing to provision: the cluster stays running.
    expect(edited.json<Cluster>().status).toBe('running');
    const events = await eventsOf(client, cluster);
    expect(events.at(-1)).toMatchObject({
      kind: 'action',
      message:
        'Pool general: labels +example.com/team=api, +gpu=, -example.com/team=web, -tier=frontend; taints +spot:PreferNoSchedule, -dedicated=web:NoSchedule (applied to its 3 nodes)',
    });
    const audited = await t.app.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'cluster.pool.labels'));
    expect(audited.map((row) => row.targetId)).toContain(String(cluster.id));

    const tagged = await client.put(`/api/clusters/${cluster.id}/tags`, {
      tags: ['cost:shop', 'env-prod'],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json<Cluster>().tags).toEqual(['cost:shop', 'env-prod']);
    expect((await eventsOf(client, cluster)).at(-1)!.message).toBe(
      'Tags +cost:shop, -team:web (now cost:shop, env-prod)',
    );
  });

  it('refuses labels, taints and tags Kubernetes or the platform would refuse, naming the key', async () => {
    const { client } = await clusterOrderer(t.app);
    const cluster = await runningCluster(client, { name: 'strict' });
    const refusals: [unknown, RegExp][] = [
      [
        { labels: { 'kubernetes.io/role': 'x' }, taints: [] },
        /kubernetes\.io\/role uses the reserved prefix kubernetes\.io\//,
      ],
      [
        { labels: { 'node.kubernetes.io/x': 'y' }, taints: [] },
        /node\.kubernetes\.io\/x uses the reserved prefix/,
      ],
      [
        { labels: { 'k8s.io/x': 'y' }, taints: [] },
        /k8s\.io\/x uses the reserved prefix k8s\.io\//,
      ],
      [{ labels: { '-team': 'x' }, taints: [] }, /Label key -team: the name takes/],
      [{ labels: { [`a${'b'.repeat(63)}`]: 'x' }, taints: [] }, /longer than 63/],
      [{ labels: { 'Example.com/team': 'x' }, taints: [] }, /Example\.com\/team: the prefix/],
      [{ labels: { 'a/b/c': 'x' }, taints: [] }, /a\/b\/c has more than one \//],
      [{ labels: { team: 'has space' }, taints: [] }, /Label team: the value takes/],
      [{ labels: { team: 'v'.repeat(64) }, taints: [] }, /at most 63 characters/],
      [
        { labels: {}, taints: [{ key: 'dedicated', effect: 'NoRun' }] },
        /NoSchedule, PreferNoSchedule or NoExecute/,
      ],
      [
        { labels: {}, taints: [{ key: 'k8s.io/x', effect: 'NoSchedule' }] },
        /Taint key k8s\.io\/x uses the reserved prefix/,
      ],
      [
        {
          labels: {},
          taints: [
            { key: 'a', effect: 'NoSchedule' },
            { key: 'a', value: 'b', effect: 'NoSchedule' },
          ],
        },
        /Taint a with effect NoSchedule is given twice/,
      ],
      [{ labels: {} }, /taints/],
    ];
    for (const [body, message] of refusals) {
      const response = await client.put(labelsUrl(cluster), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    for (const [tags, message] of [
      [['has space'], /Tag has space: lowercase letters/],
      [['x'.repeat(33)], /at most 32 characters/],
      [['-lead'], /starting with a letter or digit/],
      [Array.from({ length: 21 }, (_, i) => `t${i}`), /At most 20 tags/],
    ] as const) {
      const response = await client.put(`/api/clusters/${cluster.id}/tags`, { tags });
      expect(response.statusCode, JSON.stringify(tags)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    // At creation too, in the order.
    const order = await client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'shape-bad-order' },
      payload: {
        kind: 'cluster',
        billingCycle: 'monthly',
        cluster: {
          name: 'bad',
          tier: 'blue',
          provider: 'alpenkube',
          region: 'eu-de-fra',
          kubernetesVersion: '1.36',
          nodePools: [
            {
              name: 'general',
              size: 'm-4vcpu-16gb',
              count: 3,
              labels: { 'kubernetes.io/os': 'x' },
            },
          ],
          haControlPlane: false,
          addons: [],
          supportPlan: 'basic',
        },
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toMatch(/kubernetes\.io\/os uses the reserved prefix/);
    // Unchanged by the refusals.
    expect((await clusterOf(client, cluster.id)).nodePools[0]).toMatchObject({
      labels: {},
      taints: [],
    });
  });

  it("answers 404 for another organization's cluster or pool, 409 in the wrong state", async () => {
    const owner = await clusterOrderer(t.app);
    const cluster = await runningCluster(owner.client, { name: 'mine' });
    const other = await clusterOrderer(t.app);
    const body = { labels: { team: 'x' }, taints: [] };
    expect((await other.client.put(labelsUrl(cluster), body)).statusCode).toBe(404);
    expect(
      (await other.client.put(`/api/clusters/${cluster.id}/tags`, { tags: ['x'] })).statusCode,
    ).toBe(404);
    expect((await owner.client.put(labelsUrl(cluster, 999_999), body)).statusCode).toBe(404);

    // While another change runs, a pool's labels wait; tags are the platform's own record.
    const scaled = await owner.client.patch(
      `/api/clusters/${cluster.id}/node-pools/${cluster.nodePools[0]!.id}`,
      { count: 4 },
    );
    expect(scaled.statusCode, scaled.body).toBe(200);
    const busy = await owner.client.put(labelsUrl(cluster), body);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(
      /applying another change: it can be changed once it is running or degraded/,
    );
    expect(
      (await owner.client.put(`/api/clusters/${cluster.id}/tags`, { tags: ['busy'] })).statusCode,
    ).toBe(200);
    await settleJobs(t.app);
    expect((await owner.client.put(labelsUrl(cluster), body)).statusCode).toBe(200);

    await t.app.services.db
      .update(clusters)
      .set({ status: 'deleted' })
      .where(eq(clusters.id, cluster.id));
    expect(
      (await owner.client.put(`/api/clusters/${cluster.id}/tags`, { tags: ['gone'] })).statusCode,
    ).toBe(409);
  });

  it('filters the cluster list and the usage report by tag; the usage CSV carries the tags', async () => {
    const { client } = await clusterOrderer(t.app);
    const web = await runningCluster(client, { name: 'web', tags: ['team:web'] });
    const shop = await runningCluster(client, { name: 'shop', tags: ['team:web', 'env-prod'] });
    const api = await runningCluster(client, { name: 'api', tags: ['team:api'] });

    const list = async (query: string) => {
      const response = await client.get(`/api/clusters?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<ClusterPage>()
        .items.map((item) => item.name)
        .sort();
    };
    expect(await list('tag=team:web')).toEqual(['shop', 'web']);
    expect(await list('tag=TEAM:API')).toEqual(['api']);
    expect(await list('tag=nobody')).toEqual([]);
    expect((await client.get('/api/clusters?tag=bad%20tag')).statusCode).toBe(400);

    // Three hours of each, metered.
    await t.app.services.usage.meterAll(new Date(Date.now() + 3 * HOUR));
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 4 * HOUR).toISOString().slice(0, 10);
    const report = async (query: string) => {
      const response = await client.get(`/api/usage?from=${from}&to=${to}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<UsageReport>();
    };
    const all = await report('groupBy=cluster');
    // Paid by the month: their node-hours are prepaid, so the quantities tell them apart.
    const nodeHours = (report: UsageReport, ids?: number[]) =>
      report.rows
        .filter((row) => row.metric === 'node_hours')
        .filter((row) => !ids || ids.includes(row.clusterId!))
        .reduce((sum, row) => sum + row.quantity, 0);
    expect(nodeHours(all, [web.id])).toBeGreaterThan(0);
    expect(nodeHours(all, [api.id])).toBeGreaterThan(0);

    const byCluster = await report('groupBy=cluster&tag=team:web');
    expect([...new Set(byCluster.rows.map((row) => row.clusterName))].sort()).toEqual([
      'shop',
      'web',
    ]);
    const byMetric = await report('groupBy=metric&tag=team:web');
    const byDay = await report('groupBy=day&tag=team:web');
    for (const grouped of [byCluster, byMetric, byDay]) {
      expect(nodeHours(grouped)).toBeCloseTo(nodeHours(all, [web.id, shop.id]), 3);
    }
    expect(nodeHours(await report('groupBy=metric&tag=env-prod'))).toBeCloseTo(
      nodeHours(all, [shop.id]),
      3,
    );
    expect(await report('groupBy=day&tag=nobody')).toMatchObject({ rows: [], totalCost: 0 });
    // A cluster and a tag it does not carry: nothing.
    expect((await report(`groupBy=day&tag=team:web&clusterId=${api.id}`)).rows).toEqual([]);

    const csv = await client.get(
      `/api/usage?from=${from}&to=${to}&groupBy=cluster&tag=team:web&format=csv`,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]!.endsWith(',cost_usd,tags')).toBe(true);
    expect(lines.filter((line) => line.includes(',shop,'))[0]).toMatch(/,env-prod team:web$/);
    expect(lines.filter((line) => line.includes(',web,'))[0]).toMatch(/,team:web$/);
    expect(lines.some((line) => line.includes(',api,'))).toBe(false);
    // Rows of several clusters carry the tags they all share.
    const daily = await client.get(
      `/api/usage?from=${from}&to=${to}&groupBy=metric&tag=team:web&format=csv`,
    );
    expect(
      daily.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .every((line) => line.endsWith(',team:web')),
    ).toBe(true);
  });
});
