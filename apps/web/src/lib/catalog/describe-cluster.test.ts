import { describe, expect, it } from 'vitest';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import type { ClusterConfig } from '@alpenkube/contract/pricing';
import { describeCluster } from './describe-cluster';

const config: ClusterConfig = {
  tier: 'blue',
  provider: 'gke',
  region: 'us-east4',
  kubernetesVersion: '1.36',
  nodePools: [
    { name: 'web', size: 's-2vcpu-4gb', count: 3, autoscaleMin: 2, autoscaleMax: 6 },
    { name: 'batch', size: 'm-4vcpu-16gb', count: 1 },
  ],
  haControlPlane: true,
  addons: ['monitoring', 'retired'],
  supportPlan: 'business',
  billingCycle: 'monthly',
};

const values = (items: ReturnType<typeof describeCluster>) =>
  Object.fromEntries(items.map((item) => [item.label, item.value]));

describe('describeCluster', () => {
  it("reads a configuration with the catalog's names, the region's jurisdiction and each pool", () => {
    expect(values(describeCluster(config, TEST_CATALOG))).toEqual({
      Tier: 'Standard (Blue)',
      'Provider and region': 'Google Cloud, Ashburn (us-east4, outside the EU)',
      'Kubernetes version': '1.36 (patch 1.36.5)',
      'Node pools': ['web: 3 × s-2vcpu-4gb, autoscaling 2 to 6', 'batch: 1 × m-4vcpu-16gb'],
      'Control plane': 'High availability (3 zones)',
      'Add-ons': ['monitoring', 'retired'],
      'Support plan': 'Business',
    });
  });

  it('keeps the codes where there is no catalog yet', () => {
    expect(
      values(describeCluster({ ...config, haControlPlane: false, addons: [] }, undefined)),
    ).toMatchObject({
      Tier: 'blue',
      'Provider and region': 'gke, us-east4',
      'Kubernetes version': '1.36',
      'Control plane': 'Single zone',
      'Add-ons': 'None',
      'Support plan': 'business',
    });
  });
});
