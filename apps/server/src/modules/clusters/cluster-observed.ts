import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import type { ObservedResources } from '../providers/index.ts';
import { logClusterEvent } from './cluster-events.ts';
import type { ClusterContext } from './cluster-lookup.ts';
import type { ClusterRow } from './cluster-records.ts';
import { observedChanges, type ObservedChanges } from './cluster-observed-plan.ts';
import { clusterLoadBalancers, clusterVolumes, clusters } from './schema.ts';

/**
 * Volumes and load balancers a real cluster's workloads made (a PersistentVolumeClaim, a
 * Service of type LoadBalancer), observed at the provider and kept as the platform's rows, so
 * metering bills them as it bills the simulated ones and the cluster page lists them.
 */
export const observeResourcesJob = defineJob(
  'cluster.observe-resources',
  z.object({ clusterId: z.number().int().positive() }),
);

/** A cluster is looked at again this long after its last look, and right after each hour ends. */
export const OBSERVE_EVERY_MS = 10 * 60_000;
/** How often each instance looks for clusters due a look (cheap: one query). */
export const OBSERVE_CHORE_EVERY_MS = 60_000;
/** The statuses in which a cluster has nothing at the provider, or nothing more. */
const NOTHING_THERE = ['ordered', 'failed', 'deleted'] as const;
// Any constant: the instances enqueueing a cluster's look at once take turns on (this, cluster).
const OBSERVE_LOCK_KEY = 7_114_0035;

const timeWords = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function createClusterObservation(context: ClusterContext) {
  const { db, providers, jobs } = context.deps;

  /** The providers whose driver observes what their clusters made (DigitalOcean when real). */
  const observingProviders = () =>
    providers.realProviders().filter((slug) => Boolean(providers.driver(slug).observedResources));

  /** Writes the changes in the cluster's lock; each change an event the cluster's page shows. */
  async function apply(tx: Tx, cluster: ClusterRow, changes: ObservedChanges, provider: string) {
    for (const row of changes.closeVolumes) {
      await tx
        .update(clusterVolumes)
        .set({ deletedAt: row.deletedAt })
        .where(eq(clusterVolumes.id, row.id));
      if (row.resized) continue;
      await logClusterEvent(tx, cluster, {
        kind: 'action',
        message: `Volume ${row.name} (${row.sizeGb} GB) is gone at ${provider}: billed until it was last seen, ${timeWords(row.deletedAt)}`,
      });
    }
    for (const row of changes.openVolumes) {
      await tx.insert(clusterVolumes).values({
        clusterId: cluster.id,
        name: row.name,
        sizeGb: row.sizeGb,
        storageClass: row.storageClass,
        providerRef: row.ref,
        createdAt: row.createdAt,
      });
      await logClusterEvent(tx, cluster, {
        kind: 'action',
        message: row.resized
          ? `Volume ${row.name} resized at ${provider} to ${row.sizeGb} GB: billed at that size from ${timeWords(row.createdAt)}`
          : `Volume ${row.name} (${row.sizeGb} GB) observed at ${provider}, made from inside the cluster: billed by the GB-hour from ${timeWords(row.createdAt)}`,
      });
    }
    for (const row of changes.closeBalancers) {
      await tx
        .update(clusterLoadBalancers)
        .set({ deletedAt: row.deletedAt })
        .where(eq(clusterLoadBalancers.id, row.id));
      await logClusterEvent(tx, cluster, {
        kind: 'action',
        message: `Load balancer ${row.name} is gone at ${provider} (last seen ${timeWords(row.deletedAt)})`,
      });
    }
    for (const row of changes.balancerAddresses) {
      await tx
        .update(clusterLoadBalancers)
        .set({ ip: row.ip })
        .where(eq(clusterLoadBalancers.id, row.id));
    }
    for (const row of changes.openBalancers) {
      await tx.insert(clusterLoadBalancers).values({
        clusterId: cluster.id,
        name: row.name,
        ip: row.ip,
        simulated: false,
        providerRef: row.ref,
        createdAt: row.createdAt,
      });
      await logClusterEvent(tx, cluster, {
        kind: 'action',
        message: `Load balancer ${row.name} at ${row.ip} observed at ${provider}, made from inside the cluster (since ${timeWords(row.createdAt)})`,
      });
    }
  }

  /**
   * One look at one cluster: the provider asked first, outside any transaction; then, with the
   * cluster's row locked, its observed rows made what the provider answered, and the time of
   * the look recorded. Two looks at once (not expected: one job per cluster) would queue on the
   * lock, and the second would find the rows already right.
   */
  async function observe(clusterId: number, signal: AbortSignal) {
    const [before] = await db.select().from(clusters).where(eq(clusters.id, clusterId));
    const driver = before && providers.driver(before.provider);
    if (!before || !driver?.observedResources) return;
    if ((NOTHING_THERE as readonly string[]).includes(before.status)) return;
    const seen: ObservedResources = await driver.observedResources({ id: clusterId }, signal);
    const now = new Date();
    const providerName = (await context.catalogNow()).providers.find(
      (candidate) => candidate.slug === before.provider,
    )?.name;
    await db.transaction(async (tx) => {
      const [cluster] = await tx
        .select()
        .from(clusters)
        .where(eq(clusters.id, clusterId))
        .for('update');
      // Deleted meanwhile: its rows ended with it.
      if (!cluster || cluster.status === 'deleted') return;
      const volumes = await tx
        .select()
        .from(clusterVolumes)
        .where(and(eq(clusterVolumes.clusterId, clusterId), isNull(clusterVolumes.deletedAt)));
      const balancers = await tx
        .select()
        .from(clusterLoadBalancers)
        .where(
          and(
            eq(clusterLoadBalancers.clusterId, clusterId),
            isNull(clusterLoadBalancers.deletedAt),
          ),
        );
      const observed = <T extends { providerRef: string | null }>(rows: T[]) =>
        rows.filter((row): row is T & { providerRef: string } => row.providerRef !== null);
      const changes = observedChanges(
        { volumes: observed(volumes), loadBalancers: observed(balancers) },
        seen,
        { now, lastObservedAt: cluster.resourcesObservedAt },
        {
          volumes: volumes.filter((row) => row.providerRef === null).map((row) => row.name),
          loadBalancers: balancers.filter((row) => row.providerRef === null).map((r) => r.name),
        },
      );
      await apply(tx, cluster, changes, providerName ?? cluster.provider);
      await tx.update(clusters).set({ resourcesObservedAt: now }).where(eq(clusters.id, clusterId));
    });
  }

  jobs.register(observeResourcesJob, ({ clusterId }, { signal }) => observe(clusterId, signal));

  /**
   * Queues a look at every cluster due one: not looked at for OBSERVE_EVERY_MS, or not since the
   * hour began (metering bills an hour once a look after its end). A cluster gets one job at a
   * time, however many instances run this at once: each checks and queues under a lock of
   * the cluster's own, in one transaction.
   */
  async function observeDue(now = new Date()) {
    const slugs = observingProviders();
    if (slugs.length === 0) return 0;
    const hourStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const due = new Date(Math.max(now.getTime() - OBSERVE_EVERY_MS, hourStart.getTime()));
    const candidates = await db
      .select({ id: clusters.id })
      .from(clusters)
      .where(
        and(
          inArray(clusters.provider, slugs),
          notInArray(clusters.status, [...NOTHING_THERE]),
          or(isNull(clusters.resourcesObservedAt), lt(clusters.resourcesObservedAt, due)),
        ),
      );
    let queued = 0;
    for (const { id } of candidates) {
      const added = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${OBSERVE_LOCK_KEY}::int, ${id}::int)`);
        const waiting = await tx.execute(sql`
          select 1 from jobs
          where type = ${observeResourcesJob.name} and status in ('pending', 'running')
            and (payload->>'clusterId')::int = ${id}
          limit 1`);
        if (waiting.rows.length > 0) return false;
        await enqueueJob(tx, observeResourcesJob, { clusterId: id }, { maxAttempts: 3 });
        return true;
      });
      if (added) queued += 1;
    }
    return queued;
  }

  jobs.every(OBSERVE_CHORE_EVERY_MS, 'observe what real clusters made inside', async () => {
    await observeDue();
  });

  return {
    /** Queues the looks due at `now` (the chore; tests call it, then run the jobs). */
    observeDue,
  };
}
