import { and, eq, ne, sql } from 'drizzle-orm';
import { clusters, orders } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';

export async function sidebarCounts(db: Db, organizationId: number) {
  const [clusterCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clusters)
    .where(and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted')));
  const [orderCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.organizationId, organizationId));
  return { clusters: clusterCount?.count ?? 0, orders: { total: orderCount?.count ?? 0 } };
}
