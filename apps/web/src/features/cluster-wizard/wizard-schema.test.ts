import { describe, expect, it } from 'vitest';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { initialValues } from './wizard-draft';
import { configOf, fingerprintOf, orderBody } from './wizard-schema';

describe('the order body', () => {
  it('leaves out empty fields, and is known whatever the order of its keys', () => {
    const values = { ...initialValues(TEST_CATALOG, {}, 'monthly'), name: 'a' };
    const body = orderBody(values);
    expect(body).not.toHaveProperty('promoCode');
    expect(body.cluster).not.toHaveProperty('billingCycle');
    expect(body.cluster).not.toHaveProperty('promoCode');
    const reordered = { billingCycle: body.billingCycle, cluster: body.cluster, kind: body.kind };
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(body));
  });

  it('sends autoscaling bounds only as a pair', () => {
    const values = {
      ...initialValues(TEST_CATALOG, {}, 'monthly'),
      name: 'a',
      promoCode: ' welcome5 ',
      nodePools: [{ name: 'web', size: 's-2vcpu-4gb', count: 3, autoscaleMin: 2 }],
    };
    const body = orderBody(values);
    expect(body.cluster.nodePools).toEqual([{ name: 'web', size: 's-2vcpu-4gb', count: 3 }]);
    expect(body.promoCode).toBe('welcome5');
  });

  it('sends the tags typed, lowercased, once each and sorted; none when empty', () => {
    const values = { ...initialValues(TEST_CATALOG, {}, 'monthly'), name: 'a' };
    expect(orderBody({ ...values, tags: ' ' }).cluster).not.toHaveProperty('tags');
    expect(orderBody({ ...values, tags: 'team:web, Env-Prod team:web' }).cluster.tags).toEqual([
      'env-prod',
      'team:web',
    ]);
  });

  it('sends the chosen VPC by id, and none for the region’s default network', () => {
    const values = { ...initialValues(TEST_CATALOG, {}, 'monthly'), name: 'a' };
    expect(orderBody({ ...values, vpc: '' }).cluster).not.toHaveProperty('vpcId');
    expect(orderBody({ ...values, vpc: '12' }).cluster.vpcId).toBe(12);
    expect(configOf({ ...values, vpc: '12' })).not.toHaveProperty('vpc');
  });
});
