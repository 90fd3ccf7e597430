import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ANY_API_TOKEN,
  apiTokenResourceFor,
  apiTokenRoutePrefixes,
  apiTokenScopeFor,
  hasApiTokenScope,
  normaliseApiTokenScopes,
} from './api-tokens.ts';

describe('apiTokenResourceFor', () => {
  it('places a route by its longest prefix, and leaves the rest to sessions', () => {
    expect(apiTokenResourceFor('/api/clusters/:id/node-pools', 'orderer', 'GET')).toBe('clusters');
    // A kubeconfig is a credential of its own: clusters:read does not download one.
    expect(apiTokenResourceFor('/api/clusters/:id/kubeconfig', 'member', 'GET')).toBe('kubeconfig');
    expect(apiTokenResourceFor('/api/clusters/:id/credentials/rotate', 'orderer', 'POST')).toBe(
      'kubeconfig',
    );
    expect(apiTokenResourceFor('/api/addons/orders', 'orderer', 'POST')).toBe('orders');
    expect(apiTokenResourceFor('/api/addons', 'anyone', 'GET')).toBeNull();
    expect(apiTokenResourceFor('/api/support/tickets/:id', 'member', 'GET')).toBe('support');
    expect(apiTokenResourceFor('/api/support/queue/:id', 'superAdmin', 'GET')).toBeNull();
    expect(apiTokenResourceFor('/api/usage', 'member', 'GET')).toBe('billing');
    // A prefix is a whole path segment: /api/ordersomething is not /api/orders.
    expect(apiTokenResourceFor('/api/ordersomething', 'member', 'GET')).toBeNull();
    // Unnamed routes, and staff levels wherever they are, refuse tokens.
    expect(apiTokenResourceFor('/api/organization/members', 'orgAdmin', 'GET')).toBeNull();
    expect(apiTokenResourceFor('/api/billing/credits', 'superAdmin', 'GET')).toBeNull();
    expect(apiTokenResourceFor('/api/billing/credits', 'member', 'GET')).toBe('billing');
  });

  it("lets any token read its owner's token list, and nothing else about tokens", () => {
    expect(apiTokenResourceFor('/api/api-tokens/mine', 'member', 'GET')).toBe(ANY_API_TOKEN);
    expect(apiTokenResourceFor('/api/api-tokens/mine', 'member', 'HEAD')).toBe(ANY_API_TOKEN);
    // Reads only: a write there, even one added later, needs a session.
    expect(apiTokenResourceFor('/api/api-tokens/mine', 'member', 'POST')).toBeNull();
    expect(apiTokenResourceFor('/api/api-tokens/mine/:id', 'member', 'DELETE')).toBeNull();
    // The rest of the token routes stay session-only, reads included.
    expect(apiTokenResourceFor('/api/api-tokens', 'member', 'GET')).toBeNull();
    expect(apiTokenResourceFor('/api/api-tokens', 'member', 'POST')).toBeNull();
    expect(apiTokenResourceFor('/api/api-tokens/:id', 'member', 'DELETE')).toBeNull();
    expect(apiTokenResourceFor('/api/admin/api-tokens', 'orgAdmin', 'GET')).toBeNull();
    // A prefix is a whole segment: /api/api-tokens/mineral is not /api/api-tokens/mine.
    expect(apiTokenResourceFor('/api/api-tokens/mineral', 'member', 'GET')).toBeNull();
    expect(apiTokenResourceFor('/api/api-tokens/mine', 'superAdmin', 'GET')).toBeNull();
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
