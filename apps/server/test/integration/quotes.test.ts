import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCluster, type Catalog, type ClusterConfig } from '@alpenkube/contract';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const valid: ClusterConfig = {
  tier: 'red',
  provider: 'gke',
  region: 'europe-west3',
  kubernetesVersion: '1.37',
  nodePools: [
    { name: 'general', size: 'm-4vcpu-16gb', count: 3 },
    { name: 'batch', size: 'l-8vcpu-32gb', count: 2, autoscaleMin: 1, autoscaleMax: 6 },
  ],
  haControlPlane: true,
  addons: ['monitoring', 'backup', 'service-mesh'],
  supportPlan: 'business',
  billingCycle: 'yearly',
};

interface Refusal {
  message: string;
  issues: { path: (string | number)[]; message: string }[];
}

describe('POST /api/quotes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const quote = (payload: object) => t.app.inject({ method: 'POST', url: '/api/quotes', payload });

  it('answers, signed out, the lines and totals the shared engine computes from the catalog', async () => {
    const catalog = (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json() as Catalog;
    const response = await quote(valid);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as ReturnType<typeof priceCluster>;
    expect(answer).toEqual(priceCluster(valid, catalog));
    // Red: HA included; GKE Frankfurt: ×1.20 on the control plane and nodes.
    expect(answer.regionFactorBasisPoints).toBe(12000);
    expect(answer.lines.map((line) => [line.kind, line.quantity, line.monthly])).toEqual([
      ['control_plane', 1, 35880],
      ['ha_control_plane', 1, 0],
      ['nodes', 3, 34560],
      ['nodes', 2, 46080],
      ['addon', 1, 2900],
      ['addon', 5, 2000],
      ['addon', 5, 3000],
      ['support', 1, 49900],
      // Red includes Enterprise's response targets on its tickets: shown, at no price.
      ['support', 1, 0],
    ]);
    expect(answer.lines.at(-1)!.description).toBe(
      "Enterprise response targets on this cluster's tickets, included with Enterprise (Red)",
    );
    expect(answer.monthly).toBe(174320);
    expect(answer.total).toBe(answer.yearly);
    expect(answer.yearlyDiscountPercent).toBeGreaterThan(0);
  });

  it.each<[string, Partial<ClusterConfig>, string, RegExp]>([
    [
      'a size not in the tier',
      { nodePools: [{ name: 'general', size: 's-2vcpu-4gb', count: 3 }] },
      'nodePools.0.size',
      /Enterprise \(Red\) has no node size s-2vcpu-4gb/,
    ],
    [
      'a GPU size outside AI/ML',
      { nodePools: [{ name: 'general', size: 'gpu-8vcpu-64gb-l4', count: 3 }] },
      'nodePools.0.size',
      /GPU node sizes are only available on the AI\/ML \(Violet\) tier/,
    ],
    [
      "a count outside the tier's limits",
      { nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 201 }] },
      'nodePools.0.count',
      /takes at most 200 nodes/,
    ],
    [
      'too few nodes for the tier',
      { nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 2 }] },
      'nodePools.0.count',
      /takes 3 to 200 nodes in all, not 2/,
    ],
    [
      'an autoscaling minimum above the count',
      {
        nodePools: [
          { name: 'general', size: 'm-4vcpu-16gb', count: 3, autoscaleMin: 5, autoscaleMax: 9 },
        ],
      },
      'nodePools.0.autoscaleMin',
      /minimum \(5\) is above the node count \(3\)/,
    ],
    [
      'a count above the autoscaling maximum',
      {
        nodePools: [
          { name: 'general', size: 'm-4vcpu-16gb', count: 4, autoscaleMin: 1, autoscaleMax: 3 },
        ],
      },
      'nodePools.0.autoscaleMax',
      /maximum \(3\) is below the node count \(4\)/,
    ],
    [
      'a region not of the provider',
      { region: 'eu-central-1' },
      'region',
      /eu-central-1 is not a region of Google Cloud/,
    ],
    [
      'an unsupported version',
      { kubernetesVersion: '1.28' },
      'kubernetesVersion',
      /Kubernetes 1.28 is not supported/,
    ],
    [
      'an add-on incompatible with the tier',
      { addons: ['monitoring', 'gpu-operator'] },
      'addons.1',
      /GPU operator is not available on Enterprise \(Red\)/,
    ],
  ])('refuses %s with 400 naming the field', async (_, change, path, message) => {
    const response = await quote({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Refusal;
    expect(body.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      path,
      expect.stringMatching(message),
    ]);
    expect(body.message).toMatch(/^[\w.]+: /);
  });

  it('names every bad field of one configuration', async () => {
    const response = await quote({
      ...valid,
      region: 'us-east-1',
      kubernetesVersion: '1.20',
      nodePools: [{ name: 'general', size: 'gpu-16vcpu-128gb-h100', count: 3 }],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Refusal;
    expect(body.issues.map((issue) => issue.path.join('.'))).toEqual([
      'region',
      'kubernetesVersion',
      'nodePools.0.size',
    ]);
    expect(body.message).toBe('region: us-east-1 is not a region of Google Cloud');
  });

  it('refuses a malformed configuration, and a price sent along, before reading the catalog', async () => {
    const missing = await quote({ ...valid, tier: undefined });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as Refusal).issues[0]!.path).toEqual(['tier']);
    const priced = await quote({ ...valid, total: 1 });
    expect(priced.statusCode).toBe(400);
    const pairless = await quote({
      ...valid,
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3, autoscaleMin: 1 }],
    });
    expect(pairless.statusCode).toBe(400);
    expect((pairless.json() as Refusal).issues[0]!.path.join('.')).toBe('nodePools.0.autoscaleMax');
  });
});

describe('POST /api/quotes rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { QUOTE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit per network, bad requests counted too', async () => {
    const send = (payload: object, ip = '203.0.113.7') =>
      t.app.inject({ method: 'POST', url: '/api/quotes', payload, remoteAddress: ip });
    expect((await send(valid)).statusCode).toBe(200);
    expect((await send({})).statusCode).toBe(400);
    expect((await send(valid)).statusCode).toBe(200);
    const refused = await send(valid);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/Too many price quotes/) });
    // Another network is not affected.
    expect((await send(valid, '198.51.100.9')).statusCode).toBe(200);
  });
});
