import { createClusterChanges } from './cluster-changes.ts';
import { createClusterLifecycle } from './cluster-lifecycle.ts';
import type { ClusterContext } from './cluster-lookup.ts';
import { createClusterOperations, type ClusterOrderHooks } from './cluster-operations.ts';
import { createClusterReads } from './cluster-reads.ts';

/**
 * The organization's clusters: what members read, the changes a provider applies (each an
 * operation advanced by a durable job), and a cluster's life around them.
 */
export function createClusterService(
  deps: ClusterContext['deps'] & { orderHooks: ClusterOrderHooks },
) {
  const context: ClusterContext = {
    deps,
    operations: createClusterOperations(deps),
    catalogNow: async () => (await deps.catalog.catalog()).value,
  };
  const reads = createClusterReads(context);
  const lifecycle = createClusterLifecycle(context, reads.view);
  // Clusters paid for before provisioning existed get theirs at each start.
  deps.jobs.every(24 * 3_600_000, 'provision clusters waiting without an operation', () =>
    lifecycle.provisionWaiting(),
  );
  return { ...reads, ...createClusterChanges(context, reads.view), ...lifecycle };
}
export type ClusterService = ReturnType<typeof createClusterService>;
