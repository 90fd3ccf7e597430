import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { CreatedApiToken } from '@alpenkube/contract';
import { apiTokens, clusterCredentials, organizations, users } from '../../src/db/schema.ts';
import { erasePerson, newPseudonym } from '../../src/modules/officers/erasure.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { Client, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Kubernetes API credentials per person and cluster: each member's kubeconfig holds a token of
 * their own, which stops working when they leave, are disabled, or may no longer read the
 * cluster, and never comes back.
 */
describe('Kubernetes API credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(() => t.close());
  const db = () => t.app.services.db;

  /** A client signed in as the user, as a sign-in would leave it. */
  async function signedIn(userId: number) {
    const client = new Client(t.app);
    const sid = await t.app.services.sessions.create(db(), userId, {
      userAgent: 'kube-test',
      ip: null,
    });
    client.setCookie('sid', sid);
    return client;
  }

  let serial = 0;

  /** An organization's admin with a running cluster, and a customer of the same organization. */
  async function team() {
    const admin = await clusterOrderer(t.app);
    const order = await orderCluster(admin.client);
    await settleJobs(t.app);
    const cluster = await clusterOf(admin.client, order.clusterId!);
    serial += 1;
    const [row] = await db()
      .insert(users)
      .values({
        organizationId: admin.organizationId,
        username: `kube-customer-${serial}`,
        email: `kube-customer-${serial}@example.com`,
        // Signed in through a session of its own: no password is ever typed.
        passwordHash: 'unused',
        role: 'user',
        status: 'active',
        emailVerified: true,
      })
      .returning();
    return { admin, customer: { id: row!.id, client: await signedIn(row!.id) }, cluster };
  }

  async function tokenOf(client: Client, clusterId: number) {
    const response = await client.get(`/api/clusters/${clusterId}/kubeconfig`);
    expect(response.statusCode, response.body).toBe(200);
    return /token: "([^"]+)"/.exec(response.body)![1]!;
  }

  // Each call from an address of its own: revoked tokens count as wrong ones, and the throttle
  // on those has its own test.
  let calls = 0;
  async function kubeStatus(clusterId: number, token: string) {
    const response = await t.app.inject({
      url: `/k8s/clusters/${clusterId}/api/v1/nodes`,
      remoteAddress: `10.88.${Math.floor(++calls / 250)}.${calls % 250}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return response.statusCode;
  }

  it('gives each member a kubeconfig of their own, the same one at each download', async () => {
    const { admin, customer, cluster } = await team();
    const adminToken = await tokenOf(admin.client, cluster.id);
    const customerToken = await tokenOf(customer.client, cluster.id);
    expect(customerToken).not.toBe(adminToken);
    expect(await tokenOf(customer.client, cluster.id)).toBe(customerToken);
    expect(await kubeStatus(cluster.id, adminToken)).toBe(200);
    expect(await kubeStatus(cluster.id, customerToken)).toBe(200);
    const rows = await db()
      .select()
      .from(clusterCredentials)
      .where(eq(clusterCredentials.clusterId, cluster.id));
    expect(rows.map((row) => row.userId).sort()).toEqual([admin.userId, customer.id].sort());
    // Kept hashed (and sealed), never as given out.
    expect(JSON.stringify(rows)).not.toContain(customerToken);
  });

  it('revokes a removed member’s credential at once; the others keep theirs', async () => {
    const { admin, customer, cluster } = await team();
    const adminToken = await tokenOf(admin.client, cluster.id);
    const customerToken = await tokenOf(customer.client, cluster.id);
    const removed = await admin.client.delete(`/api/admin/users/${customer.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await kubeStatus(cluster.id, customerToken)).toBe(401);
    expect(await kubeStatus(cluster.id, adminToken)).toBe(200);
  });

  it('revokes a disabled member’s credential and API tokens; enabling them gives neither back', async () => {
    const { admin, customer, cluster } = await team();
    const kubeToken = await tokenOf(customer.client, cluster.id);
    const created = await customer.client.post('/api/api-tokens', {
      name: 'ci',
      scopes: ['clusters:read'],
      expiresInDays: 7,
    });
    const apiToken = created.json<CreatedApiToken>().token;
    const readClusters = () =>
      t.app.inject({
        url: '/api/clusters',
        remoteAddress: `10.89.0.${++calls % 250}`,
        headers: { authorization: `Bearer ${apiToken}` },
      });
    expect((await readClusters()).statusCode).toBe(200);

    const disabled = await admin.client.post(`/api/admin/users/${customer.id}/disable`, {
      reason: 'Left the project',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await kubeStatus(cluster.id, kubeToken)).toBe(401);
    expect((await readClusters()).statusCode).toBe(401);

    const enabled = await admin.client.post(`/api/admin/users/${customer.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(await kubeStatus(cluster.id, kubeToken)).toBe(401);
    expect((await readClusters()).statusCode).toBe(401);
    const [token] = await db().select().from(apiTokens).where(eq(apiTokens.userId, customer.id));
    expect(token).toMatchObject({ revokedAt: expect.any(Date), revokedBy: admin.userId });

    // Back at work, the person downloads a new kubeconfig, with a new credential.
    const renewed = await tokenOf(await signedIn(customer.id), cluster.id);
    expect(renewed).not.toBe(kubeToken);
    expect(await kubeStatus(cluster.id, renewed)).toBe(200);
  });

  it('revokes an erased person’s credential', async () => {
    const { customer, cluster } = await team();
    await tokenOf(customer.client, cluster.id);
    const [person] = await db().select().from(users).where(eq(users.id, customer.id));
    await db().transaction((tx) => erasePerson(tx, person!, newPseudonym(), 'unused'));
    const [credential] = await db()
      .select()
      .from(clusterCredentials)
      .where(eq(clusterCredentials.userId, customer.id));
    expect(credential!.revokedAt).toEqual(expect.any(Date));
  });

  it('honours a credential only while its holder may read the cluster', async () => {
    const { admin, customer, cluster } = await team();
    const customerToken = await tokenOf(customer.client, cluster.id);
    // The organization now requires two-factor, which the customer has not set up.
    await db()
      .update(organizations)
      .set({ mfaRequired: true })
      .where(eq(organizations.id, admin.organizationId));
    expect(await kubeStatus(cluster.id, customerToken)).toBe(401);
    await db()
      .update(organizations)
      .set({ mfaRequired: false })
      .where(eq(organizations.id, admin.organizationId));
    expect(await kubeStatus(cluster.id, customerToken)).toBe(200);
    // Moved to another organization: not this cluster's any more.
    const other = await clusterOrderer(t.app);
    await db()
      .update(users)
      .set({ organizationId: other.organizationId })
      .where(eq(users.id, customer.id));
    expect(await kubeStatus(cluster.id, customerToken)).toBe(401);
  });

  it("rotating revokes every member's credential; each next download holds a new one", async () => {
    const { admin, customer, cluster } = await team();
    const before = [
      await tokenOf(admin.client, cluster.id),
      await tokenOf(customer.client, cluster.id),
    ];
    const rotated = await admin.client.post(`/api/clusters/${cluster.id}/credentials/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    for (const token of before) expect(await kubeStatus(cluster.id, token)).toBe(401);
    const live = await db()
      .select()
      .from(clusterCredentials)
      .where(
        and(eq(clusterCredentials.clusterId, cluster.id), isNull(clusterCredentials.revokedAt)),
      );
    expect(live).toEqual([]);
    const after = await tokenOf(customer.client, cluster.id);
    expect(before).not.toContain(after);
    expect(await kubeStatus(cluster.id, after)).toBe(200);
  });

  it('needs the kubeconfig scope of an API token: clusters scopes do not mint a credential', async () => {
    const { customer, cluster } = await team();
    const tokenWith = async (scopes: string[]) =>
      (
        await customer.client.post('/api/api-tokens', { name: 'ci', scopes, expiresInDays: 7 })
      ).json<CreatedApiToken>().token;
    const download = (token: string) =>
      t.app.inject({
        url: `/api/clusters/${cluster.id}/kubeconfig`,
        headers: { authorization: `Bearer ${token}` },
      });
    const refused = await download(await tokenWith(['clusters:write']));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API token lacks the kubeconfig:read scope');
    const allowed = await download(await tokenWith(['kubeconfig:read']));
    expect(allowed.statusCode, allowed.body).toBe(200);
    // The token's owner's own kubeconfig.
    expect(allowed.body).toContain(`token: "${await tokenOf(customer.client, cluster.id)}"`);
  });
});
