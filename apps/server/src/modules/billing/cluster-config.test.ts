import { describe, expect, it } from 'vitest';
import type { ClusterOrderConfig } from '@alpenkube/contract';
import { describeLowering, lowerPaidConfig } from './cluster-config.ts';

const paid: ClusterOrderConfig = {
  name: 'web',
  tier: 'blue',
  provider: 'alpenkube',
  region: 'eu-de-fra',
  kubernetesVersion: '1.37',
  nodePools: [
    { name: 'general', size: 'm-4vcpu-16gb', count: 4 },
    { name: 'batch', size: 'm-4vcpu-16gb', count: 2 },
  ],
  haControlPlane: false,
  addons: ['monitoring', 'backup'],
  supportPlan: 'basic',
  billingCycle: 'monthly',
};

describe("a subscription's paid configuration", () => {
  it('comes down to what the cluster has, pool by pool, and never goes up', () => {
    const now = {
      ...paid,
      nodePools: [
        { name: 'general', size: 'm-4vcpu-16gb', count: 6 },
        { name: 'batch', size: 'm-4vcpu-16gb', count: 1 },
        { name: 'new', size: 'm-4vcpu-16gb', count: 5 },
      ],
    };
    const lowered = lowerPaidConfig(paid, now);
    expect(lowered.nodePools).toEqual([
      { name: 'general', size: 'm-4vcpu-16gb', count: 4 },
      { name: 'batch', size: 'm-4vcpu-16gb', count: 1 },
    ]);
    expect(describeLowering(paid, lowered)).toBe('pool batch 2 → 1 nodes');
  });

  it('drops a pool that went (or came back with another size) and an add-on removed', () => {
    const now = {
      ...paid,
      nodePools: [
        { name: 'general', size: 'm-4vcpu-16gb', count: 4 },
        { name: 'batch', size: 'l-8vcpu-32gb', count: 2 },
      ],
      addons: ['monitoring'],
    };
    const lowered = lowerPaidConfig(paid, now);
    expect(lowered.nodePools.map((pool) => pool.name)).toEqual(['general']);
    expect(lowered.addons).toEqual(['monitoring']);
    expect(describeLowering(paid, lowered)).toBe('pool batch removed, add-on backup removed');
  });

  it('says nothing when nothing came down', () => {
    expect(describeLowering(paid, lowerPaidConfig(paid, paid))).toBe('');
  });
});
