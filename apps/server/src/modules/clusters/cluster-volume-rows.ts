import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clusterLoadBalancers, clusterVolumes } from './schema.ts';

/** The cluster's live persistent volumes, oldest first. */
export function liveVolumes(db: DbOrTx, clusterId: number) {
  return db
    .select()
    .from(clusterVolumes)
    .where(and(eq(clusterVolumes.clusterId, clusterId), isNull(clusterVolumes.deletedAt)))
    .orderBy(asc(clusterVolumes.createdAt), asc(clusterVolumes.id));
}

/** The cluster's live load balancers, oldest first. */
export function liveLoadBalancers(db: DbOrTx, clusterId: number) {
  return db
    .select()
    .from(clusterLoadBalancers)
    .where(
      and(eq(clusterLoadBalancers.clusterId, clusterId), isNull(clusterLoadBalancers.deletedAt)),
    )
    .orderBy(asc(clusterLoadBalancers.createdAt), asc(clusterLoadBalancers.id));
}

/** A deleted cluster's volumes and load balancers end with it (metering ends them there too). */
export async function releaseClusterResources(db: DbOrTx, clusterId: number, at: Date) {
  await db
    .update(clusterVolumes)
    .set({ deletedAt: at })
    .where(and(eq(clusterVolumes.clusterId, clusterId), isNull(clusterVolumes.deletedAt)));
  await db
    .update(clusterLoadBalancers)
    .set({ deletedAt: at })
    .where(
      and(eq(clusterLoadBalancers.clusterId, clusterId), isNull(clusterLoadBalancers.deletedAt)),
    );
}
