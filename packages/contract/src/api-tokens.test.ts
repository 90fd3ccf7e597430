import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apiTokenResourceFor,
  apiTokenRoutePrefixes,
  apiTokenScopeFor,
  hasApiTokenScope,
  normaliseApiTokenScopes,
} from './api-tokens.ts';

describe('apiTokenResourceFor', () => {
  it('places a route by its longest prefix, and leaves the rest to sessions', () => {
    expect(apiTokenResourceFor('/api/clusters/:id/node-pools', 'orderer')).toBe('clusters');
    // A kubeconfig is a credential of its own: clusters:read does not download one.
    expect(apiTokenResourceFor('/api/clusters/:id/kubeconfig', 'member')).toBe('kubeconfig');
    expect(apiTokenResourceFor('/api/clusters/:id/credentials/rotate', 'orderer')).toBe(
      'kubeconfig',
    );
    expect(apiTokenResourceFor('/api/addons/orders', 'orderer')).toBe('orders');
    expect(apiTokenResourceFor('/api/addons', 'anyone')).toBeNull();
    expect(apiTokenResourceFor('/api/support/tickets/:id', 'member')).toBe('support');
    expect(apiTokenResourceFor('/api/support/queue/:id', 'superAdmin')).toBeNull();
    expect(apiTokenResourceFor('/api/usage', 'member')).toBe('billing');
    // A prefix is a whole path segment: /api/ordersomething is not /api/orders.
    expect(apiTokenResourceFor('/api/ordersomething', 'member')).toBeNull();
    // Unnamed routes, and staff levels wherever they are, refuse tokens.
    expect(apiTokenResourceFor('/api/organization/members', 'orgAdmin')).toBeNull();
    expect(apiTokenResourceFor('/api/billing/credits', 'superAdmin')).toBeNull();
    expect(apiTokenResourceFor('/api/billing/credits', 'member')).toBe('billing');
  });

  it('asks read of GET and HEAD, write of the rest; write includes read', () => {
    expect(apiTokenScopeFor('GET', 'orders')).toBe('orders:read');
    expect(apiTokenScopeFor('HEAD', 'orders')).toBe('orders:read');
    expect(apiTokenScopeFor('DELETE', 'orders')).toBe('orders:write');
    expect(hasApiTokenScope(['orders:write'], 'orders:read')).toBe(true);
    expect(hasApiTokenScope(['orders:read'], 'orders:write')).toBe(false);
    expect(hasApiTokenScope(['clusters:write'], 'orders:read')).toBe(false);
    expect(normaliseApiTokenScopes(['orders:read', 'orders:write', 'billing:read'])).toEqual([
      'orders:write',
      'billing:read',
    ]);
  });

  it('is the table docs/api-automation.md shows', () => {
    const doc = readFileSync(new URL('../../../docs/api-automation.md', import.meta.url), 'utf8');
    for (const [prefix, resource] of apiTokenRoutePrefixes) {
      if (!resource) continue;
      expect(doc, prefix).toMatch(new RegExp(`\`${prefix}[^\`]*\`\\s*\\|\\s*${resource}\\b`));
    }
  });
});
