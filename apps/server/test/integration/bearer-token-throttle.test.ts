import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedApiToken } from '@alpenkube/contract';
import { clusters } from '../../src/db/schema.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Wrong bearer tokens, on the API and on the simulated Kubernetes API: the sign-in's back-off
 * per address (five at once, then a growing wait), answered from memory while the address waits.
 */
describe('wrong bearer tokens', () => {
  let t: TestApp;
  let apiToken: string;
  let kube: { clusterId: number; token: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    const { client } = await clusterOrderer(t.app);
    const created = await client.post('/api/api-tokens', {
      name: 'ci',
      scopes: ['clusters:read'],
      expiresInDays: 7,
    });
    apiToken = created.json<CreatedApiToken>().token;
    const order = await orderCluster(client);
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    const kubeconfig = await client.get(`/api/clusters/${cluster.id}/kubeconfig`);
    kube = { clusterId: cluster.id, token: /token: "([^"]+)"/.exec(kubeconfig.body)![1]! };
  });
  afterAll(() => t.close());

  const api = (token: string, remoteAddress: string, app = t.app) =>
    app.inject({
      method: 'GET',
      url: '/api/clusters',
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
    });
  const kubeApi = (token: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: `/k8s/clusters/${kube.clusterId}/version`,
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
    });

  it('makes an address wait after five wrong API tokens, its right ones too, at no query', async () => {
    const attacker = '198.51.100.1';
    for (let i = 0; i < 5; i++) {
      expect((await api(`ak_wrong-${i}`, attacker)).statusCode, `attempt ${i}`).toBe(401);
    }
    const resolve = vi.spyOn(t.app.services.apiTokens, 'resolve');
    try {
      const waiting = await api('ak_wrong-6', attacker);
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
      expect(waiting.json().message).toMatch(
        /^Too many requests with a wrong token from your network\. Try again in \d+ seconds?\.$/,
      );
      expect((await api(apiToken, attacker)).statusCode).toBe(429);
      for (let i = 0; i < 20; i++) await api(`ak_flood-${i}`, attacker);
      expect(resolve).not.toHaveBeenCalled();

      // Anyone else is served as before.
      const other = await api(apiToken, '198.51.100.2');
      expect(other.statusCode, other.body).toBe(200);
      expect(resolve).toHaveBeenCalledTimes(1);
    } finally {
      resolve.mockRestore();
    }
  });

  it('counts the failures in the database: another instance makes the address wait at its first', async () => {
    const attacker = '198.51.100.3';
    for (let i = 0; i < 5; i++) await api(`ak_wrong-${i}`, attacker);
    const second = await createTestApp({ reset: false });
    try {
      expect((await api('ak_wrong-on-the-second', attacker, second.app)).statusCode).toBe(401);
      expect((await api(apiToken, attacker, second.app)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('throttles wrong Kubernetes API credentials the same way, with a Status kubectl reads', async () => {
    const attacker = '198.51.100.4';
    for (let i = 0; i < 5; i++) {
      const response = await kubeApi(`akc_wrong-${i}`, attacker);
      expect(response.statusCode, `attempt ${i}`).toBe(401);
      expect(response.json()).toMatchObject({ kind: 'Status', reason: 'Unauthorized' });
    }
    for (const token of ['akc_wrong-6', kube.token]) {
      const waiting = await kubeApi(token, attacker);
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
      expect(waiting.json()).toMatchObject({
        kind: 'Status',
        reason: 'TooManyRequests',
        code: 429,
        message: expect.stringMatching(/^Too many requests with a wrong token/),
      });
    }
    expect((await kubeApi(kube.token, '198.51.100.5')).statusCode).toBe(200);
  });

  it('never slows down a real token that may not be used now, as a script polling a cluster', async () => {
    const poller = '198.51.100.6';
    const { db } = t.app.services;
    await db
      .update(clusters)
      .set({ status: 'provisioning' })
      .where(eq(clusters.id, kube.clusterId));
    try {
      for (let i = 0; i < 8; i++) {
        expect((await kubeApi(kube.token, poller)).statusCode, `poll ${i}`).toBe(401);
      }
    } finally {
      await db.update(clusters).set({ status: 'running' }).where(eq(clusters.id, kube.clusterId));
    }
    expect((await kubeApi(kube.token, poller)).statusCode).toBe(200);
  });
});
