import { describe, expect, it } from 'vitest';
import type { ClusterConfig } from '@alpenkube/contract/pricing';
import {
  CLUSTER_CONFIG_PARAMS,
  clusterConfigQuery,
  decodeClusterConfig,
  encodeClusterConfig,
} from './config-url';

const config: ClusterConfig = {
  tier: 'standard',
  provider: 'alpenkube',
  region: 'eu-fr-par',
  kubernetesVersion: '1.34',
  nodePools: [
    { name: 'workers', size: 's-4vcpu', count: 3, autoscaleMin: 2, autoscaleMax: 6 },
    { name: 'batch', size: 's-8vcpu', count: 1 },
  ],
  haControlPlane: true,
  addons: ['monitoring', 'backup'],
  supportPlan: 'business',
  billingCycle: 'yearly',
};

describe('cluster configuration in a URL', () => {
  it('round-trips every field through the query string', () => {
    const query = encodeClusterConfig(config).toString();
    expect(decodeClusterConfig(new URLSearchParams(query))).toEqual(config);
  });

  it('is readable as a link shows it, and names only the parameters it lists', () => {
    const query = clusterConfigQuery(config);
    expect(query).toBe(
      'tier=standard&provider=alpenkube&region=eu-fr-par&version=1.34&pool=workers:s-4vcpu:3:2:6&pool=batch:s-8vcpu:1&ha=1&addons=monitoring,backup&support=business&cycle=yearly',
    );
    expect(decodeClusterConfig(new URLSearchParams(query))).toEqual(config);
    expect([...new Set(new URLSearchParams(query).keys())]).toEqual(CLUSTER_CONFIG_PARAMS);
  });

  it('leaves out what is missing or unreadable', () => {
    const decoded = decodeClusterConfig(
      new URLSearchParams('tier=economy&pool=a:b&pool=ok:s-2:x&pool=w:s-2:2:1&cycle=weekly'),
    );
    expect(decoded).toEqual({ tier: 'economy', nodePools: [{ name: 'w', size: 's-2', count: 2 }] });
  });

  it('reads the tier alone, as the cluster-type pages link to the wizard', () => {
    expect(decodeClusterConfig(new URLSearchParams('tier=gpu'))).toEqual({ tier: 'gpu' });
  });
});
