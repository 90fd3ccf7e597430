import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../src/db/schema.ts';
import type { Db } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { meteredThroughOf, setMeteredThrough } from '../support/metering-cursor.ts';
import { clusterOf, clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const UPGRADE = '0013_bill_existing_clusters.sql';
/** Carries the cursor 0013 set on the clusters' rows over to metering's own table. */
const CURSORS = '0021_metering_cursors.sql';

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
    await setMeteredThrough(db, cluster.id, null);

    await rewindTo0013(db);
    expect(await migrate(db)).toEqual([UPGRADE, CURSORS]);

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
    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    expect((await meteredThroughOf(db, cluster.id))!.getTime()).toBeGreaterThanOrEqual(
      hour.getTime() - 3_600_000,
    );

    // Run again, it adds nothing: one subscription per cluster.
    await rewindTo0013(db);
    await migrate(db);
    const all = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.clusterId, cluster.id));
    expect(all).toHaveLength(1);
  });
});

/** The database as 0013 found it: the cursor a column of clusters, both migrations to apply. */
async function rewindTo0013(db: Db) {
  await db.execute(sql`alter table clusters add column metered_through timestamptz`);
  await db.execute(sql`delete from schema_migrations where name in (${UPGRADE}, ${CURSORS})`);
}
