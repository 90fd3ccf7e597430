import { describe, expect, it } from 'vitest';
import { testCatalog } from './test-catalog';
import { adaptToTier, initialValues, nextPoolName } from './wizard-defaults';
import { fingerprintOf, orderBody } from './wizard-schema';

const tier = (slug: string) => testCatalog.tiers.find((candidate) => candidate.slug === slug)!;

describe('the wizard defaults', () => {
  it("start from the catalog's defaults and take what a link carries where it is known", () => {
    expect(initialValues(testCatalog, {}, 'monthly')).toEqual({
      tier: 'blue',
      provider: 'alpenkube',
      region: 'eu-de-fra',
      kubernetesVersion: '1.37',
      nodePools: [{ name: 'workers', size: 's-2vcpu-4gb', count: 3 }],
      haControlPlane: false,
      addons: [],
      supportPlan: 'basic',
      billingCycle: 'monthly',
      name: '',
      promoCode: '',
    });
    const linked = initialValues(
      testCatalog,
      { tier: 'ai', provider: 'gke', region: 'nowhere', addons: ['gpu-operator', 'backup'] },
      'yearly',
    );
    expect(linked).toMatchObject({
      tier: 'ai',
      provider: 'gke',
      region: 'us-east4',
      nodePools: [{ name: 'workers', size: 'gpu-8vcpu-64gb-l4', count: 3 }],
      addons: ['gpu-operator', 'backup'],
      billingCycle: 'yearly',
    });
  });

  it('fit the answers to a new tier: add-ons, sizes, counts and the HA control plane', () => {
    const values = {
      ...initialValues(testCatalog, { tier: 'ai' }, 'monthly'),
      addons: ['monitoring', 'backup', 'gpu-operator'],
      haControlPlane: true,
      nodePools: [
        { name: 'gpu', size: 'gpu-8vcpu-64gb-l4', count: 30, autoscaleMin: 1, autoscaleMax: 32 },
      ],
    };
    const adapted = adaptToTier(values, tier('green'), testCatalog);
    expect(adapted.droppedAddons).toEqual(['Backup', 'GPU operator']);
    expect(adapted.poolsChanged).toBe(true);
    expect(adapted.values).toMatchObject({
      tier: 'green',
      addons: ['monitoring'],
      haControlPlane: false,
      nodePools: [
        { name: 'gpu', size: 's-2vcpu-4gb', count: 20, autoscaleMin: 1, autoscaleMax: 20 },
      ],
    });
    expect(adaptToTier(adapted.values, tier('green'), testCatalog).poolsChanged).toBe(false);
  });

  it('name new pools after the ones taken', () => {
    expect(nextPoolName([{ name: 'workers', size: 's', count: 1 }])).toBe('pool-2');
    expect(
      nextPoolName([
        { name: 'pool-2', size: 's', count: 1 },
        { name: 'pool-3', size: 's', count: 1 },
      ]),
    ).toBe('pool-4');
  });

  it('send the order body without empty fields, and know it whatever the order of its keys', () => {
    const values = { ...initialValues(testCatalog, {}, 'monthly'), name: 'a' };
    const body = orderBody(values);
    expect(body).not.toHaveProperty('promoCode');
    expect(body.cluster).not.toHaveProperty('billingCycle');
    const reordered = { billingCycle: body.billingCycle, cluster: body.cluster, kind: body.kind };
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(body));
  });
});
