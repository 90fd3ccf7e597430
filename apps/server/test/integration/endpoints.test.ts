import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@alpenkube/contract/endpoints';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The contract's endpoint list is what the web app calls; the server registers its routes from
 * the same entries. Neither side may have a route the other lacks.
 */
describe('contract endpoints and registered routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers exactly the API routes the contract lists, with the same methods', () => {
    const listed = Object.values(endpoints)
      .flatMap((group) => Object.values(group))
      .map((endpoint) => `${endpoint.method} ${endpoint.pattern}`)
      .sort();
    const registered = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(listed);
  });

  it('builds the concrete path of a route with an id', () => {
    expect(endpoints.notifications.markRead.path(42)).toBe('/api/notifications/42/read');
    expect(endpoints.account.revokeSession.path(7)).toBe('/api/auth/sessions/7');
  });
});
