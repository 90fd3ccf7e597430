import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateForNavigation, keysToInvalidate } from './use-navigation-invalidation';

describe('invalidation on navigation', () => {
  it('always marks sidebar counts and billing credits, summary and plans stale', () => {
    expect(keysToInvalidate('/dashboard')).toEqual([
      '/api/sidebar-counts',
      '/api/billing/credits',
      '/api/billing/summary',
      '/api/billing/plans',
    ]);
  });
  it('adds payment methods and invoices on billing paths', () => {
    expect(keysToInvalidate('/billing')).toEqual(
      expect.arrayContaining(['/api/billing/payment-methods', '/api/billing/invoices']),
    );
    expect(keysToInvalidate('/dashboard')).not.toContain('/api/billing/invoices');
  });
  it('adds usage on usage paths', () => {
    expect(keysToInvalidate('/usage')).toContain('/api/usage');
    expect(keysToInvalidate('/billing')).not.toContain('/api/usage');
  });
  it('invalidates each key on the query client', () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    invalidateForNavigation(client, '/usage');
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
      keysToInvalidate('/usage').map((key) => [key]),
    );
  });
});
