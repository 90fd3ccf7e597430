import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clusters, subscriptions } from '../../src/db/schema.ts';
import { migrate } from '../../src/db/migrate.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const UPGRADE = '0013_bill_existing_clusters.sql';

/**
 * Upgrading a platform whose clusters ran before billing existed: the migration gives each one
 * the subscription its paid order would have opened, and starts metering at that hour.
 */
describe('billing an existing cluster after the upgrade', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opens the subscription of its paid order and meters from the upgrade on', async () => {
    const { db } = t.app.services;
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'before-billing' });
    await settleJobs(t.app);
    const cluster = await clusterOf(client, order.clusterId!);
    // As it stood before billing: no subscription, never metered.
    await db.delete(subscriptions).where(eq(subscriptions.clusterId, cluster.id));
    await db.update(clusters).set({ meteredThrough: null }).where(eq(clusters.id, cluster.id));

    await db.execute(sql`delete from schema_migrations where name = ${UPGRADE}`);
    expect(await migrate(db)).toEqual([UPGRADE]);

    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.clusterId, cluster.id));
    expect(subscription).toMatchObject({
      kind: 'cluster',
      orderId: order.id,
      billingCycle: 'monthly',
      periodPriceCents: order.subtotal,
      status: 'active',
    });
    expect(subscription!.paidConfig).toMatchObject({ name: 'before-billing' });
    const [row] = await db.select().from(clusters).where(eq(clusters.id, cluster.id));
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    expect(row!.meteredThrough!.getTime()).toBeGreaterThanOrEqual(hour.getTime() - 3_600_000);

    // Run again, it adds nothing: one subscription per cluster.
    await db.execute(sql`delete from schema_migrations where name = ${UPGRADE}`);
    await migrate(db);
    const all = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.clusterId, cluster.id));
    expect(all).toHaveLength(1);
  });
});
