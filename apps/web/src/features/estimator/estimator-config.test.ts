import { describe, expect, it } from 'vitest';
import type { ClusterConfig } from '@alpenkube/contract/pricing';
import { decodeClusterConfig } from '@/lib/catalog/config-url';
import {
  addPool,
  changeProvider,
  changeTier,
  configQuery,
  readConfigQuery,
  withDefaults,
} from './estimator-config';
import { testCatalog } from './test-catalog';
import { estimate } from './use-estimator-config';

const defaults: ClusterConfig = {
  tier: 'blue',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.37',
  nodePools: [{ name: 'pool-1', size: 's-2vcpu-4gb', count: 3 }],
  haControlPlane: false,
  addons: [],
  supportPlan: 'basic',
  billingCycle: 'monthly',
};

describe('estimator defaults', () => {
  it('takes the first tier, the default provider and version, the first size and the minimum', () => {
    expect(withDefaults({}, testCatalog, 'monthly')).toEqual(defaults);
  });

  it('keeps what the URL gives, and turns HA on where the tier includes it', () => {
    expect(withDefaults({ tier: 'red', billingCycle: 'yearly' }, testCatalog, 'monthly')).toEqual({
      ...defaults,
      tier: 'red',
      nodePools: [{ name: 'pool-1', size: 'm-4vcpu-16gb', count: 3 }],
      haControlPlane: true,
      billingCycle: 'yearly',
    });
    expect(withDefaults({}, testCatalog, 'yearly').billingCycle).toBe('yearly');
  });

  it('prices the defaults', () => {
    const { quote, issues } = estimate(defaults, testCatalog);
    expect(issues.size).toBe(0);
    expect(quote?.monthly).toBe(7200 + 3 * 4800);
  });
});

describe('changing the tier', () => {
  const big: ClusterConfig = {
    ...defaults,
    nodePools: [
      { name: 'web', size: 'm-4vcpu-16gb', count: 30, autoscaleMin: 10, autoscaleMax: 40 },
      { name: 'batch', size: 's-2vcpu-4gb', count: 10 },
    ],
    haControlPlane: true,
    addons: ['monitoring', 'mesh'],
  };

  it('drops sizes and add-ons the tier lacks and moves counts into its limits', () => {
    const green = changeTier(big, 'green', testCatalog);
    expect(green.nodePools).toEqual([
      { name: 'web', size: 's-2vcpu-4gb', count: 19, autoscaleMin: 10, autoscaleMax: 20 },
      { name: 'batch', size: 's-2vcpu-4gb', count: 1 },
    ]);
    expect(green.addons).toEqual(['monitoring']);
    expect(green.haControlPlane).toBe(false);
    expect(estimate(green, testCatalog).issues.size).toBe(0);
  });

  it('keeps only the pools a one-node tier can hold', () => {
    const sandbox = changeTier(big, 'sandbox', testCatalog);
    expect(sandbox.nodePools).toEqual([
      { name: 'web', size: 's-2vcpu-4gb', count: 1, autoscaleMin: 1, autoscaleMax: 1 },
    ]);
    expect(estimate(sandbox, testCatalog).issues.size).toBe(0);
  });

  it('grows the first pool to the tier minimum and switches included HA on', () => {
    const small = {
      ...defaults,
      tier: 'sandbox',
      nodePools: [{ ...defaults.nodePools[0]!, count: 1 }],
    };
    const red = changeTier(small, 'red', testCatalog);
    expect(red.nodePools).toEqual([{ name: 'pool-1', size: 'm-4vcpu-16gb', count: 3 }]);
    expect(red.haControlPlane).toBe(true);
  });
});

describe('pools and providers', () => {
  it('adds a pool with the next free name, the first size and one node', () => {
    const next = addPool(addPool(defaults, testCatalog), testCatalog);
    expect(next.nodePools.map((pool) => [pool.name, pool.size, pool.count])).toEqual([
      ['pool-1', 's-2vcpu-4gb', 3],
      ['pool-2', 's-2vcpu-4gb', 1],
      ['pool-3', 's-2vcpu-4gb', 1],
    ]);
  });

  it('takes the new provider’s first region', () => {
    expect(changeProvider(defaults, 'gke', testCatalog).region).toBe('europe-west3');
  });
});

describe('the query string', () => {
  it('is readable and reads back to the same configuration', () => {
    const config: ClusterConfig = {
      ...defaults,
      nodePools: [
        { name: 'web', size: 's-2vcpu-4gb', count: 3, autoscaleMin: 2, autoscaleMax: 6 },
        { name: 'batch', size: 'm-4vcpu-16gb', count: 2 },
      ],
      haControlPlane: true,
      addons: ['monitoring', 'mesh'],
      billingCycle: 'yearly',
    };
    const query = configQuery(config);
    expect(query).toBe(
      'tier=blue&provider=alpenkube&region=eu-de-fra&version=1.37&pool=web:s-2vcpu-4gb:3:2:6&pool=batch:m-4vcpu-16gb:2&ha=1&addons=monitoring,mesh&support=basic&cycle=yearly',
    );
    expect(decodeClusterConfig(new URLSearchParams(query))).toEqual(config);
    expect(readConfigQuery(query, testCatalog, 'monthly')).toEqual(config);
  });
});

describe('estimate', () => {
  it('names each field the schema refuses and gives no price', () => {
    const { quote, issues } = estimate(
      { ...defaults, region: 'us-east4', nodePools: [{ name: 'Pool_1', size: 'xl', count: 60 }] },
      testCatalog,
    );
    expect(quote).toBeNull();
    expect(issues.get('region')).toBe('us-east4 is not a region of Alpenkube Sovereign Cloud');
    expect(issues.get('nodePools.0.count')).toBe('Standard (Blue) takes at most 50 nodes');
    expect(issues.get('nodePools.0.size')).toMatch(/has no node size xl/);
    expect(issues.get('nodePools.0.name')).toMatch(/Lowercase letters/);
  });
});
