import { and, eq } from 'drizzle-orm';
import { clusterAllows, type Catalog } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { clusterOperations, clusters } from './schema.ts';
import { logClusterEvent } from './cluster-events.ts';
import type { ClusterContext } from './cluster-lookup.ts';
import { addonOfOperation } from './operation-policies.ts';
import { loadPools, toDriverCluster } from './cluster-records.ts';

/**
 * How asking a cluster to install a paid add-on went: `started` (an operation now runs),
 * `running` (one for this add-on already does: asked twice), `installed` (nothing to do),
 * `busy` (another change runs: ask again later), `gone` (deleted, being deleted or failed).
 */
export type AddonInstallStart = 'started' | 'running' | 'installed' | 'busy' | 'gone';

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

/** Installing a paid add-on: started by the add-on order's job, not by a person's request. */
export function createClusterAddons({ deps, operations }: ClusterContext) {
  return {
    /** In the caller's transaction, which holds the add-on order's lock. */
    async startAddonInstall(
      tx: Tx,
      input: {
        organizationId: number;
        clusterId: number;
        slug: string;
        requestedBy: number | null;
      },
      catalog: Catalog,
    ): Promise<AddonInstallStart> {
      const { cluster, running } = await lockForPaidChange(tx, input);
      if (!cluster || ['deleting', 'deleted', 'failed'].includes(cluster.status)) return 'gone';
      if (cluster.addons.includes(input.slug)) return 'installed';
      if (running) {
        const same = running.kind === 'install_addon' && addonOfOperation(running) === input.slug;
        return same ? 'running' : 'busy';
      }
      if (!clusterAllows(cluster.status, 'change')) return 'busy';

      const pools = await loadPools(tx, [cluster.id]);
      const steps = deps.providers
        .driver(cluster.provider)
        .planInstallAddon(toDriverCluster(cluster, pools, catalog), input.slug);
      const updating = await operations.setStatus(tx, cluster, 'updating');
      const actor = input.requestedBy ? { id: input.requestedBy, name: '' } : null;
      await operations.start(tx, updating, 'install_addon', steps, actor);
      const name = catalog.addons.find((addon) => addon.slug === input.slug)?.name ?? input.slug;
      await logClusterEvent(tx, updating, {
        kind: 'status',
        message: `Installing add-on ${name}`,
        progress: 0,
      });
      return 'started';
    },
  };
}
