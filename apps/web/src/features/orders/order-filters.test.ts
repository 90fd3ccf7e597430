import { describe, expect, it } from 'vitest';
import { filtersFromSearch, kindTabs, ordersHref } from './order-filters';

describe('the order list filters', () => {
  it('reads kind and status from the URL, ignoring values the API does not know', () => {
    expect(filtersFromSearch(new URLSearchParams('kind=addon&status=paid'))).toEqual({
      kind: 'addon',
      status: 'paid',
    });
    expect(filtersFromSearch(new URLSearchParams('kind=spaceship&status=lost'))).toEqual({});
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual({});
  });

  it('keeps the kind of /orders/clusters whatever the URL says', () => {
    expect(
      filtersFromSearch(new URLSearchParams('kind=addon&status=cancelled'), 'cluster'),
    ).toEqual({ kind: 'cluster', status: 'cancelled' });
  });

  it('links clusters to their own page and the other kinds to a query, keeping the status', () => {
    expect(ordersHref({})).toBe('/orders');
    expect(ordersHref({ kind: 'cluster' })).toBe('/orders/clusters');
    expect(ordersHref({ kind: 'cluster', status: 'fulfilling' })).toBe(
      '/orders/clusters?status=fulfilling',
    );
    expect(ordersHref({ kind: 'support', status: 'paid' })).toBe(
      '/orders?kind=support&status=paid',
    );
    expect(ordersHref({ status: 'pending_payment' })).toBe('/orders?status=pending_payment');
    expect(ordersHref({ kind: 'addon', status: 'completed' })).toBe(
      '/orders/addons?status=completed',
    );
  });

  it("offers All and every kind as tabs, never under the name of the sidebar's other lists", () => {
    expect(kindTabs.map((tab) => tab.label)).toEqual([
      'All',
      'Clusters',
      'Add-ons',
      'Marketplace',
      'Support plans',
    ]);
  });
});
