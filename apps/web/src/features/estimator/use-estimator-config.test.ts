import { describe, expect, it } from 'vitest';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { configFromLink } from '@/lib/catalog/cluster-config-rules';
import { estimate } from './use-estimator-config';

const defaults = configFromLink({}, TEST_CATALOG, 'monthly');

describe('estimate', () => {
  it('prices a configuration the schema accepts', () => {
    const { quote, issues } = estimate(defaults, TEST_CATALOG);
    expect(issues.size).toBe(0);
    // Blue: the control plane and three small nodes.
    expect(quote?.monthly).toBe(7200 + 3 * 4800);
  });

  it('names each field the schema refuses, its first message only, and gives no price', () => {
    const { quote, issues } = estimate(
      { ...defaults, region: 'us-east4', nodePools: [{ name: 'Pool_1', size: 'xl', count: 60 }] },
      TEST_CATALOG,
    );
    expect(quote).toBeNull();
    expect(issues.get('region')).toBe('us-east4 is not a region of Alpenkube Sovereign Cloud');
    expect(issues.get('nodePools.0.count')).toBe('Standard (Blue) takes at most 50 nodes');
    expect(issues.get('nodePools.0.size')).toMatch(/has no node size xl/);
    expect(issues.get('nodePools.0.name')).toMatch(/Lowercase letters/);
  });
});
