import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createAlpenkubeClient } from '@alpenkube/client';
import { generatedFiles, keptFiles } from '../../../../packages/client/scripts/generated-files.ts';
import { clusterOrderer, settleJobs, smallCluster } from '../support/clusters.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';

/** The typed client of packages/client against the server it was generated from. */
describe('the typed client', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it("is generated from the server's current OpenAPI document", async () => {
    const current = await generatedFiles(t.app.swagger());
    const kept = await keptFiles();
    // On failure: npm run generate -w @alpenkube/client
    expect(kept.orderRoutes).toBe(current.orderRoutes);
    expect(kept.types === current.types, 'packages/client/src/schema.d.ts is stale').toBe(true);
  });

  async function token(client: Client, scopes: string[]) {
    const response = await client.post('/api/api-tokens', {
      name: 'client',
      scopes,
      expiresInDays: 7,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ token: string }>().token;
  }

  it('orders, pays and lists a cluster with a token, and surfaces a refusal', async () => {
    const { client } = await clusterOrderer(t.app);
    const api = createAlpenkubeClient({
      baseUrl,
      token: await token(client, ['clusters:write', 'orders:write']),
    });
    const { data: order } = await api.POST('/api/orders', {
      params: { header: { 'idempotency-key': crypto.randomUUID() } },
      body: {
        kind: 'cluster',
        cluster: { ...smallCluster, name: 'typed' },
        billingCycle: 'monthly',
      },
    });
    await api.POST('/api/orders/{id}/pay', {
      params: { path: { id: String(order!.id) } },
      body: {},
    });
    await settleJobs(t.app);
    const { data: clusters } = await api.GET('/api/clusters');
    expect(clusters!.items.map((cluster) => cluster.name)).toEqual(['typed']);

    const reader = createAlpenkubeClient({
      baseUrl,
      token: await token(client, ['clusters:read']),
    });
    const refused = await reader
      .POST('/api/clusters/{id}/credentials/rotate', {
        params: { path: { id: String(clusters!.items[0]!.id) } },
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect((refused as ApiError).message).toMatch(/scope/i);

    const anonymous = createAlpenkubeClient({ baseUrl });
    await expect(anonymous.GET('/api/clusters')).rejects.toMatchObject({ status: 401 });
  });
});
