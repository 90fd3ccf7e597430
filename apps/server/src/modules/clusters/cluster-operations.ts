import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  priceCluster,
  type Catalog,
  type ClusterOperationKind,
  type ClusterStatus,
} from '@alpenkube/contract';
import { dollars } from '../../lib/money.ts';
import type { Tx } from '../../db/client.ts';
import {
  clusterCredentials,
  clusterNodePools,
  clusterNodes,
  clusterOperations,
  clusters,
  type OperationStep,
  type orders,
} from '../../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;
import { defineJob, enqueueJob, type JobContext, type JobResult } from '../../jobs/job-queue.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import { ProviderError, type DriverStep, type StepEffect } from '../providers/index.ts';
import { logClusterEvent, notifyOrganization, type ClusterActor } from './cluster-events.ts';
import {
  clusterById,
  configOf,
  loadPools,
  toDriverCluster,
  type ClusterRow,
} from './cluster-records.ts';
import { assertClusterTransition } from './cluster-states.ts';

export const clusterOperationJob = defineJob(
  'cluster.operation',
  z.object({ operationId: z.number().int().positive() }),
);

/** Attempts of one step before the operation fails; back-off doubles between them. */
export const OPERATION_ATTEMPTS = 4;
/** A worker moves on to other jobs after this long on one operation, and comes back. */
const SLICE_MS = 10_000;

/**
 * What the organization's order learns from its cluster: the cluster module does not know the
 * orders module; the composition root passes these in.
 */
export interface ClusterOrderHooks {
  holdsName(tx: Tx, organizationId: number, name: string): Promise<boolean>;
  completed(tx: Tx, orderId: number, note: string): Promise<void>;
  /** Marks the order failed and returns the amount paid to the credit balance (cents). */
  failed(tx: Tx, orderId: number, reason: string): Promise<number>;
  /**
   * An add-on's installation ended: the add-on order waiting on it is completed, or failed with
   * what it paid returned as credit (answered, in cents; 0 when no order waited on it).
   */
  addonSettled(tx: Tx, clusterId: number, slug: string, failure: string | null): Promise<number>;
}

/**
 * What billing learns from a cluster, in the transaction that finishes an operation: the
 * composition root passes these in, as it does the order hooks.
 */
export interface ClusterBillingHooks {
  /** A change finished (or failed) and the cluster may now have fewer nodes or add-ons than paid for. */
  capacityChanged(tx: Tx, clusterId: number, catalog: Catalog): Promise<void>;
  /** The cluster's deletion finished. */
  clusterDeleted(tx: Tx, clusterId: number, catalog: Catalog): Promise<void>;
  /** Its provisioning failed (the order is refunded in full). */
  provisioningFailed(tx: Tx, clusterId: number): Promise<void>;
  /** An add-on finished installing: the prepaid period now carries it. */
  addonInstalled(tx: Tx, clusterId: number, slug: string, catalog: Catalog): Promise<void>;
  /** The order that bought the cluster is paid: its first prepaid period starts now. */
  orderPaid(tx: Tx, order: OrderRow, clusterId: number, paidAt: Date): Promise<void>;
}

/** The add-on an install or removal operation is about, from its planned steps. */
export function addonOfOperation(operation: { steps: OperationStep[] }): string | null {
  for (const step of operation.steps) {
    const effect = step.effect as StepEffect;
    if (effect.type === 'addon-installed' || effect.type === 'addon-removed') return effect.slug;
  }
  return null;
}

type OperationRow = typeof clusterOperations.$inferSelect;

/** Where each kind of operation leaves the cluster when it succeeds, and when it fails. */
const outcomes: Record<ClusterOperationKind, { ok: ClusterStatus; failed: ClusterStatus }> = {
  provision: { ok: 'running', failed: 'failed' },
  scale: { ok: 'running', failed: 'degraded' },
  add_pool: { ok: 'running', failed: 'degraded' },
  remove_pool: { ok: 'running', failed: 'degraded' },
  upgrade: { ok: 'running', failed: 'degraded' },
  recycle: { ok: 'running', failed: 'degraded' },
  install_addon: { ok: 'running', failed: 'degraded' },
  remove_addon: { ok: 'running', failed: 'degraded' },
  delete: { ok: 'deleted', failed: 'deleting' },
};

const completion: Record<ClusterOperationKind, (name: string) => string> = {
  provision: (name) => `Cluster ${name} is running`,
  scale: (name) => `Cluster ${name} scaled`,
  add_pool: (name) => `Node pool added to ${name}`,
  remove_pool: (name) => `Node pool removed from ${name}`,
  upgrade: (name) => `Cluster ${name} upgraded`,
  recycle: (name) => `Node recycled in ${name}`,
  install_addon: (name) => `Add-on installed on ${name}`,
  remove_addon: (name) => `Add-on removed from ${name}`,
  delete: (name) => `Cluster ${name} deleted`,
};

function progressAt(steps: OperationStep[], done: number): number {
  const total = steps.reduce((sum, step) => sum + step.weight, 0);
  const finished = steps.slice(0, done).reduce((sum, step) => sum + step.weight, 0);
  return total === 0 ? 100 : Math.floor((finished * 100) / total);
}

/**
 * Runs the clusters' operations: each is a plan of provider steps stored with it, advanced by
 * one durable job. A step's effect, its event and the move to the next step commit together,
 * under a lock of the operation's row, so a step is applied once however often it is run
 * (a crash, a second instance); a step not done yet reschedules the job instead of holding it.
 */
export function createClusterOperations(
  deps: Pick<Infrastructure, 'db' | 'jobs'> & {
    catalog: CatalogService;
    providers: ProviderRegistry;
  } & {
    orderHooks: ClusterOrderHooks;
    billingHooks: ClusterBillingHooks;
  },
) {
  const { db, providers } = deps;

  /** Starts an operation in the caller's transaction, which already moved the cluster's status. */
  async function start(
    tx: Tx,
    cluster: ClusterRow,
    kind: ClusterOperationKind,
    steps: DriverStep[],
    actor: ClusterActor | null,
  ) {
    const [operation] = await tx
      .insert(clusterOperations)
      .values({ clusterId: cluster.id, kind, steps, requestedBy: actor?.id ?? null })
      .returning({ id: clusterOperations.id });
    await tx
      .update(clusters)
      .set({
        operationKind: kind,
        operationProgress: 0,
        operationStep: steps[0]?.label ?? null,
        operationStartedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(clusters.id, cluster.id));
    await enqueueJob(
      tx,
      clusterOperationJob,
      { operationId: operation!.id },
      { maxAttempts: OPERATION_ATTEMPTS },
    );
  }

  async function lockOperation(tx: Tx, id: number) {
    const [operation] = await tx
      .select()
      .from(clusterOperations)
      .where(eq(clusterOperations.id, id))
      .for('update');
    return operation;
  }

  async function lockCluster(tx: Tx, id: number) {
    const [cluster] = await tx.select().from(clusters).where(eq(clusters.id, id)).for('update');
    return cluster!;
  }

  async function setStatus(tx: Tx, cluster: ClusterRow, status: ClusterStatus, reason?: string) {
    assertClusterTransition(cluster, status);
    const [updated] = await tx
      .update(clusters)
      .set({ status, statusReason: reason ?? null, updatedAt: new Date() })
      .where(eq(clusters.id, cluster.id))
      .returning();
    return updated!;
  }

  async function applyEffect(tx: Tx, cluster: ClusterRow, effect: StepEffect): Promise<ClusterRow> {
    const now = new Date();
    switch (effect.type) {
      case 'none':
        return cluster;
      case 'status':
        return cluster.status === effect.status ? cluster : setStatus(tx, cluster, effect.status);
      case 'endpoint': {
        const endpoint = providers.driver(cluster.provider).apiEndpoint(cluster);
        await tx.update(clusters).set({ endpoint }).where(eq(clusters.id, cluster.id));
        return { ...cluster, endpoint };
      }
      case 'node-joining':
        await tx
          .insert(clusterNodes)
          .values({
            clusterId: cluster.id,
            poolId: effect.poolId,
            name: effect.node,
            zone: effect.zone,
            status: 'joining',
            version: cluster.kubernetesPatch,
          })
          .onConflictDoNothing();
        return cluster;
      case 'node-ready':
      case 'node-recycling':
      case 'node-removing': {
        const status = (
          {
            'node-ready': 'ready',
            'node-recycling': 'recycling',
            'node-removing': 'removing',
          } as const
        )[effect.type];
        await tx
          .update(clusterNodes)
          .set({ status })
          .where(and(eq(clusterNodes.clusterId, cluster.id), eq(clusterNodes.name, effect.node)));
        return cluster;
      }
      case 'node-removed':
        await tx
          .update(clusterNodes)
          .set({ removedAt: now })
          .where(
            and(
              eq(clusterNodes.clusterId, cluster.id),
              eq(clusterNodes.name, effect.node),
              isNull(clusterNodes.removedAt),
            ),
          );
        return cluster;
      case 'node-version':
        await tx
          .update(clusterNodes)
          .set({ version: effect.version, status: 'ready' })
          .where(and(eq(clusterNodes.clusterId, cluster.id), eq(clusterNodes.name, effect.node)));
        return cluster;
      case 'control-plane-version': {
        const [updated] = await tx
          .update(clusters)
          .set({ kubernetesVersion: effect.minor, kubernetesPatch: effect.patch })
          .where(eq(clusters.id, cluster.id))
          .returning();
        return updated!;
      }
      case 'pool-removed':
        await tx
          .update(clusterNodePools)
          .set({ removedAt: now })
          .where(and(eq(clusterNodePools.id, effect.poolId), isNull(clusterNodePools.removedAt)));
        return cluster;
      case 'addon-installed':
      case 'addon-removed': {
        const addons =
          effect.type === 'addon-installed'
            ? [...new Set([...cluster.addons, effect.slug])]
            : cluster.addons.filter((slug) => slug !== effect.slug);
        await tx.update(clusters).set({ addons }).where(eq(clusters.id, cluster.id));
        return { ...cluster, addons };
      }
      case 'released':
        await tx
          .update(clusterNodes)
          .set({ removedAt: now })
          .where(and(eq(clusterNodes.clusterId, cluster.id), isNull(clusterNodes.removedAt)));
        await tx
          .update(clusterCredentials)
          .set({ revokedAt: now })
          .where(
            and(eq(clusterCredentials.clusterId, cluster.id), isNull(clusterCredentials.revokedAt)),
          );
        return cluster;
    }
  }

  /** The operation ended: the cluster's new status, its event, the people told, the order. */
  /**
   * What the cluster has once a change failed: the nodes that exist, each pool as many as it has
   * (a pool added with none is gone), and the node count and cost of that; nothing at all once
   * it is gone or never came up.
   */
  async function reconcile(tx: Tx, cluster: ClusterRow, target: ClusterStatus, catalog: Catalog) {
    if (target === 'deleted' || target === 'failed') return { nodeCount: 0, monthlyCostCents: 0 };
    // A node that never finished joining is not there; one being drained or replaced still is.
    await tx
      .update(clusterNodes)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(clusterNodes.clusterId, cluster.id),
          eq(clusterNodes.status, 'joining'),
          isNull(clusterNodes.removedAt),
        ),
      );
    await tx
      .update(clusterNodes)
      .set({ status: 'ready' })
      .where(
        and(
          eq(clusterNodes.clusterId, cluster.id),
          inArray(clusterNodes.status, ['recycling', 'removing']),
          isNull(clusterNodes.removedAt),
        ),
      );
    const pools = await loadPools(tx, [cluster.id]);
    for (const pool of pools) {
      if (pool.count === pool.nodes.length) continue;
      await tx
        .update(clusterNodePools)
        .set({
          count: pool.nodes.length,
          ...(pool.nodes.length === 0 ? { removedAt: new Date() } : {}),
        })
        .where(eq(clusterNodePools.id, pool.id));
    }
    const kept = (await loadPools(tx, [cluster.id])).filter((pool) => pool.nodes.length > 0);
    return {
      nodeCount: kept.reduce((sum, pool) => sum + pool.count, 0),
      monthlyCostCents: kept.length
        ? priceCluster({ ...configOf(cluster, kept, catalog), billingCycle: 'monthly' }, catalog)
            .monthly
        : 0,
    };
  }

  async function finish(
    tx: Tx,
    operation: OperationRow,
    clusterBefore: ClusterRow,
    failure: string | null,
    catalog: Catalog,
  ) {
    const now = new Date();
    await tx
      .update(clusterOperations)
      .set({ status: failure ? 'failed' : 'succeeded', error: failure, finishedAt: now })
      .where(eq(clusterOperations.id, operation.id));
    const target = failure ? outcomes[operation.kind].failed : outcomes[operation.kind].ok;
    let cluster = await lockCluster(tx, clusterBefore.id);
    if (cluster.status !== target)
      cluster = await setStatus(tx, cluster, target, failure ?? undefined);
    else if (failure) {
      await tx.update(clusters).set({ statusReason: failure }).where(eq(clusters.id, cluster.id));
    }
    // An add-on in or out changes what the cluster costs; its pools are as they were.
    const addonChanged =
      !failure && (operation.kind === 'install_addon' || operation.kind === 'remove_addon');
    const settled =
      failure || target === 'deleted'
        ? await reconcile(tx, cluster, target, catalog)
        : addonChanged
          ? {
              monthlyCostCents: priceCluster(
                {
                  ...configOf(
                    cluster,
                    (await loadPools(tx, [cluster.id])).filter((pool) => pool.count > 0),
                    catalog,
                  ),
                  billingCycle: 'monthly',
                },
                catalog,
              ).monthly,
            }
          : {};
    await tx
      .update(clusters)
      .set({
        operationKind: null,
        operationProgress: null,
        operationStep: null,
        operationStartedAt: null,
        updatedAt: now,
        ...settled,
        ...(target === 'deleted' ? { deletedAt: now } : {}),
      })
      .where(eq(clusters.id, cluster.id));

    // What was prepaid follows what the cluster has now: credit for what went, no renewal once gone.
    if (target === 'deleted') await deps.billingHooks.clusterDeleted(tx, cluster.id, catalog);
    else if (target === 'failed') await deps.billingHooks.provisioningFailed(tx, cluster.id);
    else if (operation.kind !== 'provision') {
      await deps.billingHooks.capacityChanged(tx, cluster.id, catalog);
    }

    if (!failure) {
      const message = completion[operation.kind](cluster.name);
      await logClusterEvent(tx, cluster, {
        kind: 'status',
        message,
        progress: 100,
        stepKey: `${operation.id}:done`,
      });
      if (operation.kind === 'provision' && cluster.orderId) {
        await deps.orderHooks.completed(tx, cluster.orderId, `Cluster ${cluster.name} is running`);
      }
      const addon = addonOfOperation(operation);
      if (operation.kind === 'install_addon' && addon) {
        await deps.billingHooks.addonInstalled(tx, cluster.id, addon, catalog);
        await deps.orderHooks.addonSettled(tx, cluster.id, addon, null);
        const name = catalog.addons.find((entry) => entry.slug === addon)?.name ?? addon;
        await notifyOrganization(
          tx,
          cluster.organizationId,
          'success',
          `Add-on ${name} is installed on ${cluster.name}.`,
        );
      }
      if (
        operation.kind === 'provision' ||
        operation.kind === 'upgrade' ||
        operation.kind === 'delete'
      ) {
        const words = {
          provision: `Cluster ${cluster.name} is ready: download its kubeconfig to start.`,
          upgrade: `Cluster ${cluster.name} now runs Kubernetes ${cluster.kubernetesPatch}.`,
          delete: `Cluster ${cluster.name} was deleted.`,
        }[operation.kind];
        await notifyOrganization(tx, cluster.organizationId, 'success', words);
      }
      return;
    }

    let message = `The change to ${cluster.name} failed: ${failure}.`;
    if (operation.kind === 'provision') {
      const refunded = cluster.orderId
        ? await deps.orderHooks.failed(tx, cluster.orderId, failure)
        : 0;
      const refund = refunded ? ` ${dollars(refunded)} was returned to your credit balance.` : '';
      message = `Provisioning of ${cluster.name} failed: ${failure}.${refund}`;
    } else if (operation.kind === 'delete') {
      message = `Deleting ${cluster.name} stopped: ${failure}. Ask support to finish it.`;
    } else if (operation.kind === 'install_addon') {
      const addon = addonOfOperation(operation);
      const refunded = addon
        ? await deps.orderHooks.addonSettled(tx, cluster.id, addon, failure)
        : 0;
      const refund = refunded ? ` ${dollars(refunded)} was returned to your credit balance.` : '';
      message = `Installing ${addon ?? 'an add-on'} on ${cluster.name} failed: ${failure}.${refund}`;
    }
    await logClusterEvent(tx, cluster, {
      kind: 'error',
      message,
      stepKey: `${operation.id}:failed`,
    });
    await notifyOrganization(tx, cluster.organizationId, 'error', message);
  }

  /** Marks the step started (once), applying its start effect; answers when it started. */
  async function startStep(operation: OperationRow, step: OperationStep): Promise<Date | null> {
    return db.transaction(async (tx) => {
      const locked = await lockOperation(tx, operation.id);
      if (!locked || locked.status !== 'running' || locked.nextStep !== operation.nextStep) {
        return null;
      }
      if (locked.stepStartedAt) return locked.stepStartedAt;
      const now = new Date();
      await tx
        .update(clusterOperations)
        .set({ stepStartedAt: now })
        .where(eq(clusterOperations.id, operation.id));
      let cluster = await lockCluster(tx, operation.clusterId);
      if (step.startEffect)
        cluster = await applyEffect(tx, cluster, step.startEffect as StepEffect);
      const progress = progressAt(operation.steps, operation.nextStep);
      await tx
        .update(clusters)
        .set({ operationStep: step.label, operationProgress: progress, updatedAt: now })
        .where(eq(clusters.id, cluster.id));
      await logClusterEvent(tx, cluster, {
        kind: step.startEffect ? 'node' : 'step',
        message: `${step.label}…`,
        progress,
        stepKey: `${operation.id}:${step.key}:start`,
      });
      return now;
    });
  }

  /** Applies a finished step and moves on; the last one finishes the operation. */
  async function completeStep(
    operation: OperationRow,
    step: OperationStep,
    catalog: Catalog,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const locked = await lockOperation(tx, operation.id);
      if (!locked || locked.status !== 'running' || locked.nextStep !== operation.nextStep) {
        return false;
      }
      const next = operation.nextStep + 1;
      await tx
        .update(clusterOperations)
        .set({ nextStep: next, stepStartedAt: null, stepFailures: 0 })
        .where(eq(clusterOperations.id, operation.id));
      let cluster = await lockCluster(tx, operation.clusterId);
      cluster = await applyEffect(tx, cluster, step.effect as StepEffect);
      const progress = progressAt(operation.steps, next);
      await tx
        .update(clusters)
        .set({
          operationProgress: progress,
          operationStep: operation.steps[next]?.label ?? null,
          updatedAt: new Date(),
        })
        .where(eq(clusters.id, cluster.id));
      await logClusterEvent(tx, cluster, {
        kind: step.key.startsWith('node:') ? 'node' : 'step',
        message: (step as DriverStep).done,
        progress,
        stepKey: `${operation.id}:${step.key}`,
      });
      if (next >= operation.steps.length) await finish(tx, locked, cluster, null, catalog);
      return true;
    });
  }

  /** Ends the operation as failed (a step failed for good, or its job gave up). */
  async function fail(operationId: number, reason: string) {
    const { value: catalog } = await deps.catalog.catalog();
    await db.transaction(async (tx) => {
      const locked = await lockOperation(tx, operationId);
      if (!locked || locked.status !== 'running') return;
      const cluster = await lockCluster(tx, locked.clusterId);
      await finish(tx, locked, cluster, reason, catalog);
    });
  }

  /** An operation whose steps are all done (or that had none) ends as it succeeded. */
  async function succeed(operationId: number, catalog: Catalog) {
    await db.transaction(async (tx) => {
      const locked = await lockOperation(tx, operationId);
      if (!locked || locked.status !== 'running' || locked.nextStep < locked.steps.length) return;
      const cluster = await lockCluster(tx, locked.clusterId);
      await finish(tx, locked, cluster, null, catalog);
    });
  }

  /**
   * Counts one more failure of the operation's next step, and logs the retry while its budget
   * lasts. Answers the failures so far; null when the step is no longer the next one.
   */
  async function noteStepFailure(
    operation: OperationRow,
    step: OperationStep,
    reason: string,
  ): Promise<number | null> {
    return db.transaction(async (tx) => {
      const locked = await lockOperation(tx, operation.id);
      if (!locked || locked.status !== 'running' || locked.nextStep !== operation.nextStep) {
        return null;
      }
      const failures = locked.stepFailures + 1;
      await tx
        .update(clusterOperations)
        .set({ stepFailures: failures })
        .where(eq(clusterOperations.id, operation.id));
      const cluster = await clusterById(tx, operation.clusterId);
      if (cluster && failures < OPERATION_ATTEMPTS) {
        await logClusterEvent(tx, cluster, {
          kind: 'retry',
          message: `${step.label}: ${reason}. Trying again (attempt ${failures + 1} of ${OPERATION_ATTEMPTS}).`,
          progress: progressAt(operation.steps, operation.nextStep),
          stepKey: `${operation.id}:${step.key}:retry:${failures}`,
        });
      }
      return failures;
    });
  }

  async function run(
    { operationId }: { operationId: number },
    context: JobContext,
  ): Promise<JobResult> {
    const sliceEnds = Date.now() + SLICE_MS;
    for (;;) {
      const [operation] = await db
        .select()
        .from(clusterOperations)
        .where(eq(clusterOperations.id, operationId));
      if (!operation || operation.status !== 'running') return;
      const { value: catalog } = await deps.catalog.catalog();
      const step = operation.steps[operation.nextStep];
      if (!step) return succeed(operationId, catalog);
      const cluster = await clusterById(db, operation.clusterId);
      if (!cluster) return;

      const startedAt = operation.stepStartedAt ?? (await startStep(operation, step));
      if (!startedAt) continue;
      const driverCluster = toDriverCluster(cluster, await loadPools(db, [cluster.id]), catalog);
      let outcome;
      try {
        outcome = await providers
          .driver(cluster.provider)
          .advance(driverCluster, step as DriverStep, { startedAt, signal: context.signal });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const retryable = !(error instanceof ProviderError) || error.retryable;
        // The budget is the step's, not the job run's: a "not yet" between two failures
        // starts the job's attempts again, and must not give the step new ones.
        const failures = retryable ? await noteStepFailure(operation, step, reason) : 0;
        if (failures === null) continue;
        if (
          !retryable ||
          failures >= OPERATION_ATTEMPTS ||
          context.attempt >= context.maxAttempts
        ) {
          await fail(operationId, reason);
          return;
        }
        throw error;
      }
      if (!outcome.done) return { rescheduleInMs: outcome.checkAgainInMs };
      await completeStep(operation, step, catalog);
      if (Date.now() > sliceEnds) return { rescheduleInMs: 0 };
    }
  }

  deps.jobs.register(clusterOperationJob, run, {
    // Back-offs follow the simulated clock: 2 s, 4 s, 8 s of a real provider.
    backoffBaseMs: Math.max(10, 2 * providers.simulatedSecondMs),
    // A failure outside the provider's steps (the database, a time-out, a worker that died on
    // the last attempt) must still end the operation, or the cluster would wait forever.
    onGiveUp: async (payload, reason) => {
      const parsed = clusterOperationJob.payload.safeParse(payload);
      if (parsed.success) await fail(parsed.data.operationId, reason);
    },
  });

  /**
   * Operations left running without a job to carry them (a job lost to a bug of an earlier
   * release) get one again; an operation whose job is waiting or running is left alone.
   */
  async function resumeStranded() {
    const stranded = await db.execute<{ id: number }>(sql`
      select o.id from cluster_operations o
      where o.status = 'running' and not exists (
        select 1 from jobs j
        where j.type = ${clusterOperationJob.name} and j.status in ('pending', 'running')
          and (j.payload->>'operationId')::int = o.id)`);
    for (const { id } of stranded.rows) {
      await enqueueJob(
        db,
        clusterOperationJob,
        { operationId: id },
        { maxAttempts: OPERATION_ATTEMPTS },
      );
    }
  }

  return { start, setStatus, resumeStranded };
}
export type ClusterOperations = ReturnType<typeof createClusterOperations>;
