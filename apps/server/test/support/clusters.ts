import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Cluster, CreateClusterOrder, Order } from '@alpenkube/contract';
import { jobs, organizations, users } from '../../src/db/schema.ts';
import { registerUser, type Client } from './test-app.ts';

export const smallCluster: CreateClusterOrder['cluster'] = {
  name: 'web',
  tier: 'blue',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.36',
  nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
  haControlPlane: false,
  addons: ['monitoring'],
  supportPlan: 'basic',
};

/** A member of a fresh, approved organization with a verified address and a saved card. */
export async function clusterOrderer(app: FastifyInstance) {
  const { client, user } = await registerUser(app, {
    companyName: `Clusters Co ${Math.random().toString(36).slice(2, 10)}`,
  });
  const { db, sessions } = app.services;
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await db
    .update(organizations)
    .set({ status: 'active' })
    .where(eq(organizations.id, row!.organizationId));
  await sessions.userChanged(db, user.id);
  await saveCard(client);
  return { client, userId: user.id, organizationId: row!.organizationId };
}

/** Saves a test card for the client's organization, through the test gateway as a page does. */
export async function saveCard(client: Client, number = '4242424242424242') {
  const token = await client.post('/test-gateway/v1/tokens', {
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  });
  const card = await client.post('/api/billing/payment-methods', { token: token.json().id });
  if (card.statusCode !== 201) throw new Error(`card: ${card.statusCode} ${card.body}`);
}

let keys = 0;

/** Orders and pays a cluster; answers the paid order (its cluster is `ordered`). */
export async function orderCluster(
  client: Client,
  cluster: Partial<CreateClusterOrder['cluster']> = {},
): Promise<Order> {
  const placed = await client.request({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': `cluster-test-${Date.now()}-${++keys}` },
    payload: { kind: 'cluster', cluster: { ...smallCluster, ...cluster }, billingCycle: 'monthly' },
  });
  if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  const paid = await client.post(`/api/orders/${placed.json<Order>().id}/pay`, {});
  if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  return (await client.get(`/api/orders/${placed.json<Order>().id}`)).json<Order>();
}

/**
 * Runs every job until none is left or due soon: provisioning reschedules itself and retries
 * with back-offs of a few milliseconds at the tests' provider speed.
 */
export async function settleJobs(app: FastifyInstance, maxMs = 20_000) {
  const until = Date.now() + maxMs;
  for (;;) {
    await app.services.jobs.drain();
    const pending = await app.services.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    if (pending.length === 0) return;
    if (Date.now() > until) throw new Error(`jobs still pending: ${JSON.stringify(pending)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function clusterOf(client: Client, id: number): Promise<Cluster> {
  const response = await client.get(`/api/clusters/${id}`);
  if (response.statusCode !== 200)
    throw new Error(`cluster: ${response.statusCode} ${response.body}`);
  return response.json<Cluster>();
}
