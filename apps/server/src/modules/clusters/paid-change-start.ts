import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clusterOperations, clusters } from './schema.ts';

/**
 * How asking a cluster to start what a paid order bought went (an add-on installed, the control
 * plane made highly available): `started` (an operation now runs), `running` (it already does:
 * the order's job ran twice), `done` (the cluster has it: nothing to do), `busy` (another change
 * runs: ask again later), `gone` (deleted, being deleted or failed), `unsupported` (its provider's
 * driver cannot do it).
 */
export type PaidChangeStart = 'started' | 'running' | 'done' | 'busy' | 'gone' | 'unsupported';

/**
 * The cluster a paid order's job changes, locked, and the operation it runs now if any: what
 * decides whether the job starts its operation, waits, or has nothing to do.
 */
export async function lockForPaidChange(
  tx: Tx,
  input: { organizationId: number; clusterId: number },
) {
  const [cluster] = await tx
    .select()
    .from(clusters)
    .where(and(eq(clusters.id, input.clusterId), eq(clusters.organizationId, input.organizationId)))
    .for('update');
  if (!cluster) return { cluster: null, running: null };
  const [running] = await tx
    .select()
    .from(clusterOperations)
    .where(
      and(eq(clusterOperations.clusterId, cluster.id), eq(clusterOperations.status, 'running')),
    );
  return { cluster, running: running ?? null };
}
