import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Cluster, ClusterEvent, CreatedApiToken } from '@alpenkube/contract';
import { auditEvents, clusters } from '../../src/db/schema.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

/**
 * The control-plane firewall: the CIDRs allowed to reach a cluster's Kubernetes API, set through
 * the API, checked by the kube API listener on the socket's address.
 */
describe('the control-plane firewall', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());

  async function runningCluster(client: Client) {
    const order = await orderCluster(client, { name: 'walled' });
    await settleJobs(t.app);
    return clusterOf(client, order.clusterId!);
  }
  const url = (cluster: Cluster) => `/api/clusters/${cluster.id}/api-allowlist`;

  async function kubeTokenOf(client: Client, cluster: Cluster) {
    const response = await client.get(`/api/clusters/${cluster.id}/kubeconfig`);
    expect(response.statusCode, response.body).toBe(200);
    return /token: "([^"]+)"/.exec(response.body)![1]!;
  }
  const kube = (cluster: Cluster, token: string, remoteAddress: string) =>
    t.app.inject({
      url: `/k8s/clusters/${cluster.id}/api/v1/nodes`,
      remoteAddress,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1' },
    });

  it('is open to all at first; an allowlist without the caller answers 403, adding it lets it in', async () => {
    const { client } = await clusterOrderer(t.app);
    const cluster = await runningCluster(client);
    expect(cluster.apiAllowlist).toEqual([]);
    const token = await kubeTokenOf(client, cluster);
    expect((await kube(cluster, token, '127.0.0.1')).statusCode).toBe(200);

    const walled = await client.put(url(cluster), { cidrs: ['10.1.2.3/8', '2001:DB8::/32'] });
    expect(walled.statusCode, walled.body).toBe(200);
    // Normalised: the network address, lowercase, sorted.
    expect(walled.json<Cluster>().apiAllowlist).toEqual(['10.0.0.0/8', '2001:db8::/32']);
    const refused = await kube(cluster, token, '127.0.0.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    expect((await kube(cluster, token, '10.20.30.40')).statusCode).toBe(200);
    expect((await kube(cluster, token, '2001:db8::9')).statusCode).toBe(200);

    const opened = await client.put(url(cluster), { cidrs: ['10.0.0.0/8', '127.0.0.1'] });
    expect(opened.json<Cluster>().apiAllowlist).toEqual(['10.0.0.0/8', '127.0.0.1/32']);
    expect((await kube(cluster, token, '127.0.0.1')).statusCode).toBe(200);

    // An event on the cluster and an audit row, with what it was and what it is.
    const events = (await client.get(`/api/clusters/${cluster.id}/events`)).json<ClusterEvent[]>();
    expect(events.at(-1)).toMatchObject({
      kind: 'action',
      message: 'Control-plane allowlist set: 10.0.0.0/8, 127.0.0.1/32',
    });
    const audited = await t.app.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'cluster.api_allowlist'),
          eq(auditEvents.targetId, String(cluster.id)),
        ),
      );
    expect(audited).toHaveLength(2);

    // Empty again: open to all.
    expect((await client.put(url(cluster), { cidrs: [] })).json<Cluster>().apiAllowlist).toEqual(
      [],
    );
    expect((await kube(cluster, token, '198.51.100.7')).statusCode).toBe(200);
  });

  it('refuses what is not a CIDR with 400, naming it', async () => {
    const { client } = await clusterOrderer(t.app);
    const cluster = await runningCluster(client);
    for (const [body, message] of [
      [{ cidrs: ['10.0.0.0/33'] }, /"10\.0\.0\.0\/33" is not an IPv4 or IPv6 CIDR/],
      [{ cidrs: ['example.com'] }, /"example\.com" is not/],
      [{ cidrs: ['::/129'] }, /is not an IPv4 or IPv6 CIDR/],
      [{ cidrs: Array.from({ length: 51 }, (_, i) => `10.0.${i}.0/24`) }, /At most 50 CIDRs/],
      [{ cidrs: '10.0.0.0/8' }, /cidrs/],
      [{}, /cidrs/],
    ] as const) {
      const response = await client.put(url(cluster), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await clusterOf(client, cluster.id)).apiAllowlist).toEqual([]);
  });

  it("answers 404 for another organization's cluster, 409 once deleted", async () => {
    const owner = await clusterOrderer(t.app);
    const cluster = await runningCluster(owner.client);
    const other = await clusterOrderer(t.app);
    const foreign = await other.client.put(url(cluster), { cidrs: ['10.0.0.0/8'] });
    expect(foreign.statusCode).toBe(404);
    expect((await clusterOf(owner.client, cluster.id)).apiAllowlist).toEqual([]);
    await t.app.services.db
      .update(clusters)
      .set({ status: 'deleted' })
      .where(eq(clusters.id, cluster.id));
    expect((await owner.client.put(url(cluster), { cidrs: [] })).statusCode).toBe(409);
  });

  it('takes an API token with clusters:write, refuses one that only reads', async () => {
    const { client } = await clusterOrderer(t.app);
    const cluster = await runningCluster(client);
    const tokenWith = async (scopes: string[]) => {
      const created = await client.post('/api/api-tokens', {
        name: `fw-${scopes.join('-')}`,
        scopes,
        expiresInDays: 7,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<CreatedApiToken>().token;
    };
    const put = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: url(cluster),
        headers: { authorization: `Bearer ${token}` },
        payload: { cidrs: ['192.0.2.0/24'] },
      });
    expect((await put(await tokenWith(['clusters:read']))).statusCode).toBe(403);
    const written = await put(await tokenWith(['clusters:write']));
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json<Cluster>().apiAllowlist).toEqual(['192.0.2.0/24']);
  });
});
