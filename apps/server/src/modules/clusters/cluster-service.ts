import type { OrderKindHandler } from '../orders/index.ts';
import { createClusterOrders, type ClusterOrderDeps } from './cluster-orders.ts';
import { createClusterAddons } from './cluster-addons.ts';
import { createClusterHa } from './cluster-ha.ts';
import { createClusterBackups } from './cluster-backups.ts';
import { createClusterChanges } from './cluster-changes.ts';
import { createClusterLifecycle } from './cluster-lifecycle.ts';
import { createClusterLifespans, LIFESPAN_SWEEP_EVERY_MS } from './cluster-lifespans.ts';
import { createClusterShape } from './cluster-shape.ts';
import { createClusterFirewall } from './cluster-firewall.ts';
import { createClusterMetrics } from './cluster-metrics.ts';
import { createClusterSleep } from './cluster-sleep.ts';
import { createClusterMaintenance } from './cluster-maintenance.ts';
import { createClusterObservation } from './cluster-observed.ts';
import type { ClusterContext } from './cluster-lookup.ts';
import type { ClusterBillingHooks, ClusterOrderHooks } from './cluster-hooks.ts';
import { createClusterOperations } from './cluster-operations.ts';
import { createClusterReads } from './cluster-reads.ts';
import { createClusterVolumes } from './cluster-volumes.ts';
import { createClusterKubeStore } from './cluster-kube-store.ts';

/**
 * The organization's clusters: what members read, the changes a provider applies (each an
 * operation advanced by a durable job), and a cluster's life around them.
 */
export function createClusterService(
  deps: ClusterContext['deps'] & {
    orderHooks: ClusterOrderHooks;
    billingHooks: ClusterBillingHooks;
  } & ClusterOrderDeps,
) {
  const context: ClusterContext = {
    deps,
    operations: createClusterOperations(deps),
    catalogNow: async () => (await deps.catalog.catalog()).value,
  };
  const reads = createClusterReads(context);
  const lifecycle = createClusterLifecycle(context, reads.view);
  const lifespans = createClusterLifespans(context, lifecycle.startDeletion, reads.view);
  const sleep = createClusterSleep(context, reads.view);
  const maintenance = createClusterMaintenance(context, reads.view);
  deps.jobs.every(LIFESPAN_SWEEP_EVERY_MS, 'maintenance windows and automatic upgrades', () =>
    maintenance.sweepMaintenance(new Date()).then(() => undefined),
  );
  // Registers its job and its chore: what real clusters' workloads made, looked at.
  const observation = createClusterObservation(context);
  const metrics = createClusterMetrics(context);
  const volumes = createClusterVolumes(context);
  const kubeStoreOf = createClusterKubeStore(context, volumes);
  deps.jobs.every(
    LIFESPAN_SWEEP_EVERY_MS,
    'sleep schedules, expired previews and idle sandboxes',
    async () => {
      const now = new Date();
      await sleep.sweepSleep(now);
      await lifespans.sweepLifespans(now);
    },
  );
  // At each start (and daily): clusters paid for before provisioning existed get theirs, an
  // operation that lost its job gets one again, and real providers get the windows again.
  deps.jobs.every(24 * 3_600_000, 'resume clusters waiting for their provisioning', async () => {
    await lifecycle.provisionWaiting();
    await context.operations.resumeStranded();
    await maintenance.resendMaintenancePolicies();
  });
  return {
    ...reads,
    ...createClusterChanges(context, reads.view),
    ...createClusterShape(context, reads.view),
    ...createClusterFirewall(context, reads.view),
    ...lifecycle,
    ...lifespans,
    ...sleep,
    ...maintenance,
    /** The simulated Kubernetes API's view of a cluster for a valid token: a use of it. */
    async resolveKube(clusterId: number, token: string) {
      const resolved = await lifecycle.resolveKube(clusterId, token, kubeStoreOf);
      if (resolved) await lifespans.touch(clusterId);
      if (!resolved || typeof resolved === 'symbol') return resolved;
      return { ...resolved, nodeUsage: metrics.nodeUsageOf(resolved) };
    },
    metrics: metrics.metrics,
    metricsJson: metrics.metricsJson,
    ...createClusterOrders(context, deps),
    ...createClusterAddons(context),
    ...createClusterHa(context),
    ...createClusterBackups(context, reads.view),
    ...volumes,
    observeDue: observation.observeDue,
    resumeStranded: context.operations.resumeStranded,
    /** The cluster kind of order: once paid, the cluster is made and its provisioning queued. */
    orderKind: {
      async paid(tx, order, { now, catalog }) {
        const config = order.clusterConfig!;
        const clusterId = await lifecycle.createFromOrder(tx, order, config, catalog, now);
        // Its first prepaid period starts now: the subscription renews it when it ends.
        await deps.billingHooks.orderPaid(tx, order, clusterId, now);
        return {
          status: 'fulfilling',
          note: `Cluster ${config.name} ordered: provisioning starts shortly`,
          summary: `cluster ${config.name} is ordered`,
        };
      },
    } satisfies OrderKindHandler,
  };
}
export type ClusterService = ReturnType<typeof createClusterService>;
