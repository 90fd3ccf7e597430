import { describe, expect, it } from 'vitest';
import { clusterConfigSchema } from './cluster-config.ts';
import { TEST_CATALOG } from './pricing.fixture.ts';
import type { ClusterConfig } from './pricing.ts';

const valid: ClusterConfig = {
  tier: 'blue',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.37',
  nodePools: [
    { name: 'workers', size: 'm-4vcpu-16gb', count: 3, autoscaleMin: 3, autoscaleMax: 6 },
  ],
  haControlPlane: true,
  addons: ['monitoring', 'backup'],
  supportPlan: 'business',
  billingCycle: 'monthly',
};

const schema = clusterConfigSchema(TEST_CATALOG);
const issues = (config: unknown) => {
  const result = schema.safeParse(config);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('clusterConfigSchema', () => {
  it('accepts a valid configuration', () => {
    expect(issues(valid)).toEqual([]);
  });

  it.each<[string, Partial<ClusterConfig>, string, RegExp]>([
    [
      'a size the tier does not offer',
      { nodePools: [{ name: 'w', size: 'xl-16vcpu-64gb', count: 3 }] },
      'nodePools.0.size',
      /no node size xl-16vcpu-64gb/,
    ],
    [
      'a GPU size outside AI/ML',
      { nodePools: [{ name: 'w', size: 'gpu-8vcpu-64gb-l4', count: 3 }] },
      'nodePools.0.size',
      /GPU node sizes are only available on the AI\/ML \(Violet\) tier/,
    ],
    [
      'fewer nodes than the tier takes',
      { nodePools: [{ name: 'w', size: 's-2vcpu-4gb', count: 2 }] },
      'nodePools.0.count',
      /takes 3 to 50 nodes in all, not 2/,
    ],
    [
      'more nodes over several pools than the tier takes',
      {
        nodePools: [
          { name: 'a', size: 's-2vcpu-4gb', count: 30 },
          { name: 'b', size: 's-2vcpu-4gb', count: 30 },
        ],
      },
      'nodePools',
      /takes 3 to 50 nodes in all, not 60/,
    ],
    [
      'an autoscaling minimum above the count',
      {
        nodePools: [{ name: 'w', size: 's-2vcpu-4gb', count: 3, autoscaleMin: 4, autoscaleMax: 8 }],
      },
      'nodePools.0.autoscaleMin',
      /minimum \(4\) is above the node count \(3\)/,
    ],
    [
      'a count above the autoscaling maximum',
      {
        nodePools: [{ name: 'w', size: 's-2vcpu-4gb', count: 5, autoscaleMin: 1, autoscaleMax: 4 }],
      },
      'nodePools.0.autoscaleMax',
      /maximum \(4\) is below the node count \(5\)/,
    ],
    [
      'a region of another provider',
      { region: 'europe-west3' },
      'region',
      /europe-west3 is not a region of Alpenkube Sovereign Cloud/,
    ],
    ['an unsupported version', { kubernetesVersion: '1.29' }, 'kubernetesVersion', /not supported/],
    [
      'an add-on incompatible with the tier',
      { addons: ['gpu-operator'] },
      'addons.0',
      /gpu-operator is not available on Standard \(Blue\)/,
    ],
    ['an unknown tier', { tier: 'gold' }, 'tier', /There is no tier gold/],
    [
      'HA where the tier has none',
      {
        tier: 'green',
        haControlPlane: true,
        addons: [],
        nodePools: [{ name: 'w', size: 's-2vcpu-4gb', count: 2 }],
      },
      'haControlPlane',
      /no high-availability control plane/,
    ],
    [
      'no HA where the tier includes it',
      { tier: 'red', haControlPlane: false, addons: [] },
      'haControlPlane',
      /Enterprise \(Red\) always runs a high-availability control plane over three zones/,
    ],
  ])('names the field of %s', (_, change, path, message) => {
    const found = issues({ ...valid, ...change });
    expect(found).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it('names every bad field at once', () => {
    const found = issues({
      ...valid,
      region: 'nowhere',
      kubernetesVersion: '1.20',
      addons: ['gpu-operator'],
    });
    expect(found.map((issue) => issue.path)).toEqual(['region', 'kubernetesVersion', 'addons.0']);
  });

  it('checks the shape first: autoscale bounds come in pairs, unknown fields are refused', () => {
    expect(
      issues({
        ...valid,
        nodePools: [{ name: 'w', size: 's-2vcpu-4gb', count: 3, autoscaleMin: 1 }],
      }),
    ).toContainEqual({ path: 'nodePools.0.autoscaleMax', message: expect.any(String) });
    expect(issues({ ...valid, price: 0 }).map((issue) => issue.path)).toEqual(['']);
  });
});
