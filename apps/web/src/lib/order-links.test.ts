import { describe, expect, it } from 'vitest';
import { orderListPaths, orderResultLink } from './order-links';

const order = { clusterId: null, targetClusterId: null, productInstanceId: null };

describe('orderResultLink', () => {
  it('leads to what each kind of paid order bought', () => {
    expect(orderResultLink({ ...order, kind: 'cluster', clusterId: 4 })).toEqual({
      to: '/cluster-provisioning?cluster=4',
      label: 'Watch it being built',
    });
    expect(orderResultLink({ ...order, kind: 'addon', targetClusterId: 9 })?.to).toBe(
      '/clusters/9',
    );
    expect(orderResultLink({ ...order, kind: 'product', productInstanceId: 3 })?.to).toBe(
      '/orders/products/3',
    );
    expect(orderResultLink({ ...order, kind: 'support' })?.to).toBe('/billing');
  });

  it('has nothing to show before the order created it, and the lists stand in', () => {
    expect(orderResultLink({ ...order, kind: 'cluster' })).toBeNull();
    expect(orderResultLink({ ...order, kind: 'product' })).toBeNull();
    expect(orderListPaths.product).toBe('/orders/products');
    expect(orderListPaths.addon).toBe('/orders/addons');
  });
});
