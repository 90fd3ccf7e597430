import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';

/** Server-sent events of a cluster: what a client without a WebSocket follows. */
describe('a cluster’s event stream', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  async function tokenOf(
    client: Awaited<ReturnType<typeof clusterOrderer>>['client'],
    scopes: string[],
  ) {
    const made = await client.post('/api/api-tokens', { name: 'stream', scopes, expiresInDays: 7 });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ token: string }>().token;
  }

  it('sends the cluster as it is, then each change as it happens, to a token that may read clusters', async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'streamed' });
    const token = await tokenOf(client, ['clusters:read']);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/clusters/${order.clusterId}/events/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const pushes: { status: string; progress: number | null; event: { message: string } | null }[] =
      [];
    let buffer = '';
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) pushes.push(JSON.parse(data.slice(6)));
          if (pushes.at(-1)?.status === 'running') return;
        }
      }
    })();
    await expect.poll(() => pushes.length).toBeGreaterThan(0);
    expect(pushes[0]).toMatchObject({ status: 'ordered', event: null });
    // Each step as it happened, with what it did: the bar's figures and its words.
    await settleJobs(t.app);
    await reading;
    controller.abort();
    const steps = pushes.map((push) => push.event?.message).filter(Boolean);
    expect(steps).toContain('Provisioning started');
    expect(pushes.map((push) => push.progress ?? 0)).toEqual(
      [...pushes.map((push) => push.progress ?? 0)].sort((a, b) => a - b),
    );
    expect(pushes.at(-1)).toMatchObject({
      status: 'running',
      progress: 100,
      event: { message: 'Cluster streamed is running' },
    });
    // The steps in between, with what each did.
    expect(pushes.some((push) => push.status === 'provisioning' && push.event !== null)).toBe(true);
  });

  it('refuses a token without clusters:read, and another organization’s cluster', async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'private' });
    const billingOnly = await tokenOf(client, ['billing:read']);
    const url = `${base}/api/clusters/${order.clusterId}/events/stream`;
    const refused = await fetch(url, { headers: { authorization: `Bearer ${billingOnly}` } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/clusters:read/);
    const other = await clusterOrderer(t.app);
    const foreign = await fetch(url, {
      headers: { authorization: `Bearer ${await tokenOf(other.client, ['clusters:read'])}` },
    });
    expect(foreign.status).toBe(404);
  });
});
