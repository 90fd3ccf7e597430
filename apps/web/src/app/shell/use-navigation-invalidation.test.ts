import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isUnder } from '@/lib/http';
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
  it('marks stale the queries of each key, with a query string or below it, and no other', async () => {
    const client = new QueryClient();
    const keys = [
      '/api/usage?from=2026-11-01&to=2026-11-30',
      '/api/billing/summary',
      '/api/billing/invoices/7',
      '/api/usage-elsewhere',
      '/api/clusters',
    ];
    for (const key of keys) client.setQueryData([key], {});
    invalidateForNavigation(client, '/usage');
    await Promise.resolve();
    const stale = keys.filter((key) => client.getQueryState([key])?.isInvalidated);
    expect(stale).toEqual(['/api/usage?from=2026-11-01&to=2026-11-30', '/api/billing/summary']);
    invalidateForNavigation(client, '/billing/invoices');
    expect(client.getQueryState(['/api/billing/invoices/7'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/clusters'])?.isInvalidated).toBe(false);
  });
  it('reads a key as covering its query strings and sub-paths only', () => {
    expect(isUnder(['/api/usage?from=x'], '/api/usage')).toBe(true);
    expect(isUnder(['/api/usage'], '/api/usage')).toBe(true);
    expect(isUnder(['/api/usages'], '/api/usage')).toBe(false);
    expect(isUnder([42], '/api/usage')).toBe(false);
  });
});
