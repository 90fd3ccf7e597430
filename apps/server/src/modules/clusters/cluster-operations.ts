import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  priceCluster,
  type Catalog,
  type ClusterOperationKind,
  type ClusterStatus,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import {
  clusterCredentials,
  clusterNodePools,
  clusterNodes,
  clusterOperations,
  clusters,
  type OperationStep,
} from './schema.ts';
import { defineJob, enqueueJob, type JobContext, type JobResult } from '../../jobs/job-queue.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import { ProviderError, type DriverStep, type StepEffect } from '../providers/index.ts';
import { logClusterEvent, type ClusterActor } from './cluster-events.ts';
import { notifyOrganizationMembers, type NoticeMail } from '../notifications/index.ts';
import {
  clusterById,
  configOf,
  loadPools,
  toDriverCluster,
  vpcOfCluster,
  type ClusterRow,
} from './cluster-records.ts';
import { assertClusterTransition } from './cluster-states.ts';
import type { ClusterBillingHooks, ClusterOrderHooks } from './cluster-hooks.ts';
import { operationPolicies } from './operation-policies.ts';
import { releaseClusterResources } from './cluster-volume-rows.ts';

export const clusterOperationJob = defineJob(
  'cluster.operation',
  z.object({ operationId: z.number().int().positive() }),
);

/** Attempts of one step before the operation fails; back-off doubles between them. */
export const OPERATION_ATTEMPTS = 4;
/** A worker moves on to other jobs after this long on one operation, and comes back. */
const SLICE_MS = 10_000;

type OperationRow = typeof clusterOperations.$inferSelect;

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
  deps: Pick<Infrastructure, 'db' | 'jobs' | 'config'> & {
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
      case 'vpc-placed': {
        await tx.update(clusters).set({ vpcAtProvider: true }).where(eq(clusters.id, cluster.id));
        return { ...cluster, vpcAtProvider: true };
      }
      case 'ha-enabled': {
        const [updated] = await tx
          .update(clusters)
          .set({ haControlPlane: true })
          .where(eq(clusters.id, cluster.id))
          .returning();
        return updated!;
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
    const policy = operationPolicies[operation.kind];
    await tx
      .update(clusterOperations)
      .set({ status: failure ? 'failed' : 'succeeded', error: failure, finishedAt: now })
      .where(eq(clusterOperations.id, operation.id));
    const target = failure ? policy.failed : policy.ok;
    let cluster = await lockCluster(tx, clusterBefore.id);
    if (cluster.status !== target)
      cluster = await setStatus(tx, cluster, target, failure ?? undefined);
    else if (failure) {
      await tx.update(clusters).set({ statusReason: failure }).where(eq(clusters.id, cluster.id));
    }
    const settled =
      failure || target === 'deleted'
        ? await reconcile(tx, cluster, target, catalog)
        : policy.repricesOnSuccess
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
    if (target === 'deleted') await releaseClusterResources(tx, cluster.id, now);

    const ended = { tx, cluster, operation, catalog, hooks: deps };
    await policy.billing(ended, failure !== null);

    if (!failure) {
      await logClusterEvent(tx, cluster, {
        kind: 'status',
        message: policy.done(cluster.name),
        progress: 100,
        stepKey: `${operation.id}:done`,
      });
      const notice = (await policy.succeeded?.(ended)) ?? null;
      // Mailed when a new cluster is ready, or upgraded in its window (nobody started that);
      // other changes the members started themselves.
      const mail =
        operation.kind === 'provision'
          ? clusterMail(cluster, `Cluster ${cluster.name} is ready`, notice ?? '')
          : operation.kind === 'auto_upgrade'
            ? clusterMail(
                cluster,
                `Cluster ${cluster.name} was upgraded to Kubernetes ${cluster.kubernetesPatch}`,
                notice ?? '',
                'maintenance',
              )
            : undefined;
      if (notice)
        await notifyOrganizationMembers(
          tx,
          cluster.organizationId,
          'clusters',
          'success',
          notice,
          mail,
        );
      return;
    }
    const message = policy.failedMessage
      ? await policy.failedMessage(ended, failure)
      : `The change to ${cluster.name} failed: ${failure}.`;
    await logClusterEvent(tx, cluster, {
      kind: 'error',
      message,
      stepKey: `${operation.id}:failed`,
    });
    await notifyOrganizationMembers(
      tx,
      cluster.organizationId,
      'clusters',
      'error',
      message,
      clusterMail(cluster, `Cluster ${cluster.name}: a change failed`, message),
    );
  }

  /** A cluster's mail, which members may turn off in their settings (by its category). */
  function clusterMail(
    cluster: ClusterRow,
    subject: string,
    message: string,
    category: NoticeMail['category'] = 'cluster',
  ): NoticeMail {
    return {
      category,
      subject,
      text: `Hello,\n\n${message}\n\nSee it on ${deps.config.publicUrl}/clusters/${cluster.id}\n\nThe Alpenkube team`,
    };
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
  /** A real provider's status messages, as events: keyed by their time, so each is logged once. */
  async function logProviderMessages(
    operation: OperationRow,
    step: OperationStep,
    messages: { message: string; at: string }[],
  ) {
    await db.transaction(async (tx) => {
      const cluster = await clusterById(tx, operation.clusterId);
      if (!cluster) return;
      for (const { message, at } of messages) {
        await logClusterEvent(tx, cluster, {
          kind: 'step',
          message,
          progress: progressAt(operation.steps, operation.nextStep),
          stepKey: `${operation.id}:${step.key}:provider:${at}`,
        });
      }
    });
  }

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
      const [pools, vpc] = await Promise.all([
        loadPools(db, [cluster.id]),
        vpcOfCluster(db, cluster),
      ]);
      const driverCluster = toDriverCluster(cluster, pools, catalog, vpc);
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
      if (outcome.providerMessages?.length) {
        await logProviderMessages(operation, step, outcome.providerMessages);
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
