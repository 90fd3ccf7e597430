import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clusterTiers } from '../../src/db/schema.ts';
import { CATALOG_CHANNEL, syncCatalogs } from '../../src/modules/platform/catalog-service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The catalog is read on every page (the footer lists the tiers), so each instance answers it
 * from memory and reloads it only when some instance announces a change.
 */
describe('catalog answered from memory', () => {
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    a = await createTestApp();
    b = await createTestApp({ reset: false });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  const tierNames = async (instance: TestApp) =>
    (
      (await instance.app.inject({ method: 'GET', url: '/api/cluster-tiers' })).json() as {
        name: string;
      }[]
    ).map((tier) => tier.name);
  const eventually = { timeout: 5_000, interval: 25 };

  it('keeps answering from memory until a change is announced, then every instance reloads', async () => {
    expect((await tierNames(a))[0]).toBe('Standard (Blue)');
    expect((await tierNames(b))[0]).toBe('Standard (Blue)');

    const db = a.app.services.db;
    await db
      .update(clusterTiers)
      .set({ name: 'Standard Plus (Blue)' })
      .where(eq(clusterTiers.slug, 'blue'));
    // Unannounced, the row change is not seen: no query per request.
    expect((await tierNames(a))[0]).toBe('Standard (Blue)');

    await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
    await expect.poll(async () => (await tierNames(a))[0], eventually).toBe('Standard Plus (Blue)');
    await expect.poll(async () => (await tierNames(b))[0], eventually).toBe('Standard Plus (Blue)');

    // Synchronising with the catalog in code announces itself.
    await syncCatalogs(db);
    await expect.poll(async () => (await tierNames(b))[0], eventually).toBe('Standard (Blue)');
  });

  it('answers a strong ETag, and 304 without a body to a client that has it', async () => {
    for (const url of ['/api/cluster-tiers', '/api/addons']) {
      const first = await a.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(Array.isArray(first.json())).toBe(true);

      const again = await a.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Another instance computes the same tag for the same catalog.
      const other = await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(other.statusCode).toBe(304);
    }
  });
});
