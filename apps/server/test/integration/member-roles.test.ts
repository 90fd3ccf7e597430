import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorRole } from '@alpenkube/contract/permissions';
import { users } from '../../src/db/schema.ts';
import { clusterOrderer, orderCluster, saveCard, settleJobs } from '../support/clusters.ts';
import { openSocket, type OpenSocket } from '../support/sockets.ts';
import { Client, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The narrower member roles: a billing member keeps the money and support and reads orders,
 * with no cluster in sight; a read-only member sees what a member sees but cluster credentials,
 * and changes nothing. The authorization matrix checks every route for both; these are the
 * flows around it: a role given and taken back, tokens, the sidebar's counts and the pushes.
 */
describe('member roles', () => {
  let t: TestApp;
  let orderer: Client;
  let organizationId: number;
  let clusterId: number;

  /** Another person of the orderer's organization, signed in, with `role`. */
  async function member(role: ActorRole, username: string) {
    const { db, sessions } = t.app.services;
    const [row] = await db
      .insert(users)
      .values({
        organizationId,
        username,
        email: `${username}@roles.test`,
        passwordHash: 'not-a-hash',
        role,
        status: 'active',
        emailVerified: true,
      })
      .returning();
    const sid = await sessions.create(db, row!.id, { userAgent: 'roles', ip: '127.0.0.1' });
    const client = new Client(t.app);
    client.setCookie('sid', sid);
    return { client, sid, userId: row!.id };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const made = await clusterOrderer(t.app);
    orderer = made.client;
    organizationId = made.organizationId;
    const order = await orderCluster(orderer);
    clusterId = order.clusterId!;
    await settleJobs(t.app);
  });
  afterAll(() => t.close());

  it('a billing member works the money and support, reads orders, and sees no cluster', async () => {
    const { client } = await member('billing', 'bianca');
    for (const url of [
      '/api/billing/invoices',
      '/api/billing/payment-methods',
      '/api/billing/summary',
      '/api/orders',
      '/api/support/tickets',
    ]) {
      expect((await client.get(url)).statusCode, url).toBe(200);
    }
    for (const url of ['/api/clusters', `/api/clusters/${clusterId}`, '/api/vpcs']) {
      const refused = await client.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Your role (Billing) cannot see clusters. Ask an admin of your organization.',
      });
    }
    const order = await client.request({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'roles-billing-order' },
      payload: {},
    });
    expect(order.statusCode).toBe(403);
    expect(order.json().message).toContain('cannot change orders');
    // A billing member saves a card: the money is theirs to change.
    await saveCard(client, '5555555555554444');
    const counts = (await client.get('/api/sidebar-counts')).json();
    expect(counts.clusters).toBe(0);
    expect(counts.orders.total).toBeGreaterThan(0);
  });

  it('a read-only member sees everything but cluster credentials, and changes nothing', async () => {
    const { client } = await member('viewer', 'victor');
    const list = await client.get('/api/clusters');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(`"id":${clusterId}`);
    for (const url of [
      `/api/clusters/${clusterId}`,
      `/api/clusters/${clusterId}/events`,
      '/api/orders',
      '/api/billing/invoices',
      '/api/support/tickets',
    ]) {
      expect((await client.get(url)).statusCode, url).toBe(200);
    }
    const kubeconfig = await client.get(`/api/clusters/${clusterId}/kubeconfig`);
    expect(kubeconfig.statusCode).toBe(403);
    expect(kubeconfig.json().message).toBe(
      'Your role (Read-only) cannot see cluster credentials. Ask an admin of your organization.',
    );
    const writes = [
      await client.patch(`/api/clusters/${clusterId}`, { name: 'renamed' }),
      await client.post('/api/support/tickets', {
        subject: 'Anything',
        category: 'technical',
        severity: 'low',
        body: 'A read-only member may not open tickets.',
      }),
      await client.put('/api/billing/budget', { monthlyCents: 1000 }),
    ];
    expect(writes.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    const cluster = (await orderer.get(`/api/clusters/${clusterId}`)).json();
    expect(cluster.name).not.toBe('renamed');
  });

  it('a role an admin gives applies to the next request of the member’s open session', async () => {
    const { client, userId } = await member('user', 'rolf');
    expect((await client.get('/api/clusters')).statusCode).toBe(200);
    const given = await orderer.put(`/api/admin/users/${userId}/role`, { role: 'billing' });
    expect(given.statusCode, given.body).toBe(200);
    expect((await client.get('/api/clusters')).statusCode).toBe(403);
    expect((await client.get('/api/user')).json().role).toBe('billing');
    const notice = await client.get('/api/notifications');
    expect(JSON.stringify(notice.json())).toContain(
      'Your role in your organization is now Billing.',
    );
    await orderer.put(`/api/admin/users/${userId}/role`, { role: 'user' });
    expect((await client.get('/api/clusters')).statusCode).toBe(200);
    const unknown = await orderer.put(`/api/admin/users/${userId}/role`, { role: 'owner' });
    expect(unknown.statusCode).toBe(400);
  });

  it('a token is made only with scopes the role can use, and acts within the role', async () => {
    const { client } = await member('viewer', 'vanya');
    const tooWide = await client.post('/api/api-tokens', {
      name: 'ci',
      scopes: ['clusters:write', 'billing:read'],
      expiresInDays: 7,
    });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().message).toBe('scopes: Your role (Read-only) cannot use clusters:write');
    const made = await client.post('/api/api-tokens', {
      name: 'ci',
      scopes: ['clusters:read'],
      expiresInDays: 7,
    });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token}` };
    const read = await t.app.inject({ method: 'GET', url: '/api/clusters', headers: bearer });
    expect(read.statusCode).toBe(200);
  });

  it('a cluster’s notices go to members who see clusters, not to a billing member', async () => {
    const billing = await member('billing', 'bella');
    const viewer = await member('viewer', 'vince');
    await orderCluster(orderer, { name: 'notices' });
    await settleJobs(t.app);
    const noticesOf = async (client: Client) =>
      JSON.stringify((await client.get('/api/notifications')).json());
    expect(await noticesOf(viewer.client)).toContain('notices');
    expect(await noticesOf(billing.client)).not.toContain('notices');
    const mailed = t.mail.sent.filter((mail) => mail.subject === 'Cluster notices is ready');
    expect(mailed.map((mail) => mail.to)).toContain('vince@roles.test');
    expect(mailed.map((mail) => mail.to)).not.toContain('bella@roles.test');
  });

  it('a cluster’s pushes reach members who see clusters, not a billing member', async () => {
    const billing = await member('billing', 'bert');
    const viewer = await member('viewer', 'vicky');
    const sockets: OpenSocket[] = [
      await openSocket(t, billing.sid),
      await openSocket(t, viewer.sid),
    ];
    const clusterPush = (open: OpenSocket) =>
      new Promise<unknown>((resolve) => {
        const timer = setTimeout(() => resolve(null), 1500);
        open.socket.on('message', (data) => {
          const message = JSON.parse(String(data)) as { type: string };
          if (message.type !== 'cluster') return;
          clearTimeout(timer);
          resolve(message);
        });
      });
    const heard = sockets.map(clusterPush);
    const renamed = await orderer.patch(`/api/clusters/${clusterId}`, { name: 'web-renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [billingHeard, viewerHeard] = await Promise.all(heard);
    expect(viewerHeard).toMatchObject({ type: 'cluster', clusterId });
    expect(billingHeard).toBeNull();
    for (const open of sockets) open.socket.terminate();
  });
});
