import { clusterAllows, type Catalog } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { logClusterEvent } from './cluster-events.ts';
import type { ClusterContext } from './cluster-lookup.ts';
import { addonOfOperation } from './operation-policies.ts';
import { loadPools, toDriverCluster } from './cluster-records.ts';
import { lockForPaidChange, type PaidChangeStart } from './paid-change-start.ts';

/** Installing a paid add-on: started by the add-on order's job, not by a person's request. */
export function createClusterAddons({ deps, operations }: ClusterContext) {
  return {
    /**
     * In the caller's transaction, which holds the add-on order's lock. Never `unsupported`:
     * every driver installs add-ons.
     */
    async startAddonInstall(
      tx: Tx,
      input: {
        organizationId: number;
        clusterId: number;
        slug: string;
        requestedBy: number | null;
      },
      catalog: Catalog,
    ): Promise<PaidChangeStart> {
      const { cluster, running } = await lockForPaidChange(tx, input);
      if (!cluster || ['deleting', 'deleted', 'failed'].includes(cluster.status)) return 'gone';
      if (cluster.addons.includes(input.slug)) return 'done';
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
