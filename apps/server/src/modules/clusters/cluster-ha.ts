import { clusterAllows, type Catalog } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { logClusterEvent } from './cluster-events.ts';
import type { ClusterContext } from './cluster-lookup.ts';
import { loadPools, toDriverCluster } from './cluster-records.ts';
import { lockForPaidChange, type PaidChangeStart } from './paid-change-start.ts';

/** Making a control plane highly available: started by the paid order's job, not by a request. */
export function createClusterHa({ deps, operations }: ClusterContext) {
  return {
    /** In the caller's transaction, which holds the order's lock. */
    async startMakeHa(
      tx: Tx,
      input: { organizationId: number; clusterId: number; requestedBy: number | null },
      catalog: Catalog,
    ): Promise<PaidChangeStart> {
      const { cluster, running } = await lockForPaidChange(tx, input);
      if (!cluster || ['deleting', 'deleted', 'failed'].includes(cluster.status)) return 'gone';
      if (cluster.haControlPlane) return 'done';
      if (running) return running.kind === 'make_ha' ? 'running' : 'busy';
      if (!clusterAllows(cluster.status, 'change')) return 'busy';
      const driver = deps.providers.driver(cluster.provider);
      if (!driver.planMakeHa) return 'unsupported';

      const pools = await loadPools(tx, [cluster.id]);
      const steps = driver.planMakeHa(toDriverCluster(cluster, pools, catalog));
      const updating = await operations.setStatus(tx, cluster, 'updating');
      const actor = input.requestedBy ? { id: input.requestedBy, name: '' } : null;
      await operations.start(tx, updating, 'make_ha', steps, actor);
      await logClusterEvent(tx, updating, {
        kind: 'status',
        message: 'Making the control plane highly available: two more replicas in two more zones',
        progress: 0,
      });
      return 'started';
    },
  };
}
