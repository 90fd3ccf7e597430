import { describe, expect, it } from 'vitest';
import type { Order } from '@alpenkube/contract/orders';
import { afterPayment } from './use-checkout-payment';

const order = (overrides: Partial<Order>) =>
  ({
    id: 12,
    kind: 'cluster',
    clusterId: null,
    targetClusterId: null,
    productInstanceId: null,
    ...overrides,
  }) as Order;

describe('where a paid order goes on', () => {
  it('slides a cluster forward to its provisioning page', () => {
    expect(afterPayment(order({ clusterId: 5 }))).toBe('/cluster-provisioning?cluster=5');
  });

  it('shows the payment-success page for a cluster not made yet, and for every other kind', () => {
    expect(afterPayment(order({}))).toBe('/payment-success?order=12');
    expect(afterPayment(order({ kind: 'addon', targetClusterId: 5 }))).toBe(
      '/payment-success?order=12',
    );
    expect(afterPayment(order({ kind: 'product', productInstanceId: 3 }))).toBe(
      '/payment-success?order=12',
    );
  });
});
