import { and, desc, eq, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  Backup,
  BackupFrequency,
  Catalog,
  Cluster,
  ClusterBackups,
} from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clusterBackups, clusters } from './schema.ts';
import { defineJob, enqueueJob, type JobContext } from '../../jobs/job-queue.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { backupLine, TIER_BACKUPS, type TierBackups } from '../platform/index.ts';
import { ProviderError } from '../providers/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { announceCluster, logClusterEvent } from './cluster-events.ts';
import { actorOf, auditCluster, findCluster, type ClusterContext } from './cluster-lookup.ts';
import {
  clusterById,
  loadPools,
  tierOf,
  toDriverCluster,
  type ClusterRow,
} from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';

export const clusterBackupJob = defineJob(
  'cluster.backup',
  z.object({ backupId: z.number().int().positive() }),
);

/** How often each instance looks for clusters due a backup, and for expired ones. */
export const BACKUP_CHORE_EVERY_MS = 5 * 60_000;
const BACKUP_ATTEMPTS = 5;
const DAY_MS = 24 * 3_600_000;
const frequencyMs: Record<BackupFrequency, number> = {
  hourly: 3_600_000,
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

/**
 * The start of the schedule's period `at` falls in: the hour, the UTC day, or the week from
 * Monday 00:00 UTC (the epoch was a Thursday, hence the three days).
 */
export function slotOf(at: Date, frequency: BackupFrequency): Date {
  const offset = frequency === 'weekly' ? 3 * DAY_MS : 0;
  const length = frequencyMs[frequency];
  return new Date(Math.floor((at.getTime() + offset) / length) * length - offset);
}

type BackupRow = typeof clusterBackups.$inferSelect;

function toBackup(row: BackupRow): Backup {
  return {
    id: row.id,
    clusterId: row.clusterId,
    kind: row.kind,
    status: row.status,
    takenAt: row.takenAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    expiresAt: row.expiresAt.toISOString(),
    error: row.error,
  };
}

/** The snapshot's name at the provider: one per backup row, so a retry asks for the same. */
const keyOf = (row: Pick<BackupRow, 'id' | 'clusterId'>) => `etcd-${row.clusterId}-${row.id}`;

const backupWords = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function sizeWords(bytes: number) {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${mb.toFixed(1)} MB`;
}

const policyOfTier = (slug: string): TierBackups | null => TIER_BACKUPS[slug] ?? null;

/**
 * A cluster's etcd backups: taken on its tier's schedule by a chore every instance runs (a
 * slot of the schedule gets one backup per cluster, whoever looks first, and a cluster that was
 * down or a platform that was stopped gets the current slot's, not one per slot it missed),
 * each carried out by a durable job; deleted after the tier's retention; and restored by an
 * operation of the cluster like any change.
 */
export function createClusterBackups(
  { deps, operations, catalogNow }: ClusterContext,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { db, providers } = deps;

  /** Adds the backup and its job in the caller's transaction; null where the slot had one. */
  async function insertBackup(
    tx: DbOrTx,
    cluster: Pick<ClusterRow, 'id'>,
    policy: TierBackups,
    values: { kind: 'scheduled' | 'manual'; slot: Date | null; requestedBy: number | null },
    now: Date,
  ) {
    const [row] = await tx
      .insert(clusterBackups)
      .values({
        clusterId: cluster.id,
        ...values,
        takenAt: now,
        expiresAt: new Date(now.getTime() + policy.retentionDays * DAY_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await enqueueJob(tx, clusterBackupJob, { backupId: row.id }, { maxAttempts: BACKUP_ATTEMPTS });
    return row;
  }

  /**
   * Starts the backup of every running cluster whose tier's current slot has none yet. Safe on
   * every instance at once: the slot is unique per cluster.
   */
  async function takeDueBackups(now = new Date()): Promise<number> {
    const catalog = await catalogNow();
    let started = 0;
    for (const [frequency, tiers] of tiersByFrequency(catalog)) {
      const slot = slotOf(now, frequency);
      const due = await db
        .select({ id: clusters.id, tierId: clusters.tierId })
        .from(clusters)
        .where(
          and(
            eq(clusters.status, 'running'),
            inArray(
              clusters.tierId,
              tiers.map((tier) => tier.id),
            ),
            // A real provider's driver takes no etcd snapshots (DigitalOcean offers none).
            ...providers.realProviders().map((slug) => ne(clusters.provider, slug)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(clusterBackups)
                .where(
                  and(eq(clusterBackups.clusterId, clusters.id), eq(clusterBackups.slot, slot)),
                ),
            ),
          ),
        );
      for (const cluster of due) {
        const policy = policyOfTier(tierOf(catalog, cluster.tierId).slug)!;
        const row = await db.transaction((tx) =>
          insertBackup(tx, cluster, policy, { kind: 'scheduled', slot, requestedBy: null }, now),
        );
        if (row) started += 1;
      }
    }
    return started;
  }

  function tiersByFrequency(catalog: Catalog) {
    const groups = new Map<BackupFrequency, Catalog['tiers']>();
    for (const tier of catalog.tiers) {
      const policy = policyOfTier(tier.slug);
      if (!policy) continue;
      groups.set(policy.frequency, [...(groups.get(policy.frequency) ?? []), tier]);
    }
    return groups;
  }

  /** Deletes the backups past their retention, the provider's snapshot first. */
  async function pruneExpiredBackups(now = new Date()): Promise<number> {
    const expired = await db
      .select({
        id: clusterBackups.id,
        clusterId: clusterBackups.clusterId,
        provider: clusters.provider,
      })
      .from(clusterBackups)
      .innerJoin(clusters, eq(clusters.id, clusterBackups.clusterId))
      .where(lte(clusterBackups.expiresAt, now))
      .limit(1000);
    for (const row of expired) {
      await providers.driver(row.provider).deleteBackup({ id: row.clusterId }, keyOf(row));
      await db.delete(clusterBackups).where(eq(clusterBackups.id, row.id));
    }
    return expired.length;
  }

  async function settle(
    row: BackupRow,
    outcome: { sizeBytes: number } | { error: string },
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(clusterBackups)
        .set(
          'error' in outcome
            ? { status: 'failed', error: outcome.error, completedAt: new Date() }
            : { status: 'completed', sizeBytes: outcome.sizeBytes, completedAt: new Date() },
        )
        .where(and(eq(clusterBackups.id, row.id), eq(clusterBackups.status, 'running')))
        .returning();
      if (!updated) return;
      const cluster = await clusterById(tx, row.clusterId);
      if (!cluster) return;
      const at = backupWords(row.takenAt);
      if ('error' in outcome) {
        await logClusterEvent(tx, cluster, {
          kind: 'error',
          message: `The backup of ${at} failed: ${outcome.error}`,
          stepKey: `backup:${row.id}`,
        });
      } else if (row.kind === 'manual') {
        await logClusterEvent(tx, cluster, {
          kind: 'action',
          message: `Backup of ${at} taken (${sizeWords(outcome.sizeBytes)})`,
          stepKey: `backup:${row.id}`,
        });
      } else {
        // An hourly backup is no news for the log; the pages showing the list refetch.
        await announceCluster(tx, cluster, null, null);
      }
    });
  }

  async function run({ backupId }: { backupId: number }, context: JobContext) {
    const [row] = await db.select().from(clusterBackups).where(eq(clusterBackups.id, backupId));
    if (!row || row.status !== 'running') return;
    const cluster = await clusterById(db, row.clusterId);
    if (!cluster || cluster.status === 'deleting' || cluster.status === 'deleted') {
      return settle(row, { error: 'the cluster is being deleted' });
    }
    const catalog = await catalogNow();
    const driverCluster = toDriverCluster(cluster, await loadPools(db, [cluster.id]), catalog);
    let outcome;
    try {
      outcome = await providers
        .driver(cluster.provider)
        .takeBackup(driverCluster, { key: keyOf(row), startedAt: row.takenAt }, context.signal);
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        return settle(row, { error: error.message });
      }
      throw error;
    }
    if (!outcome.done) return { rescheduleInMs: outcome.checkAgainInMs };
    return settle(row, { sizeBytes: outcome.sizeBytes });
  }

  deps.jobs.register(clusterBackupJob, run, {
    backoffBaseMs: Math.max(10, 2 * providers.simulatedSecondMs),
    onGiveUp: async (payload, reason) => {
      const parsed = clusterBackupJob.payload.safeParse(payload);
      if (!parsed.success) return;
      const [row] = await db
        .select()
        .from(clusterBackups)
        .where(eq(clusterBackups.id, parsed.data.backupId));
      if (row) await settle(row, { error: reason });
    },
  });
  deps.jobs.every(BACKUP_CHORE_EVERY_MS, 'cluster backups and their retention', async () => {
    await takeDueBackups();
    await pruneExpiredBackups();
  });

  return {
    takeDueBackups,
    pruneExpiredBackups,

    /** The tier's schedule and the cluster's backups, newest first; another organization's: 404. */
    async listBackups(organizationId: number, id: number): Promise<ClusterBackups> {
      const cluster = await findCluster(db, organizationId, id);
      const catalog = await catalogNow();
      const policy = policyOfTier(tierOf(catalog, cluster.tierId).slug);
      const rows = await db
        .select()
        .from(clusterBackups)
        .where(eq(clusterBackups.clusterId, cluster.id))
        .orderBy(desc(clusterBackups.takenAt), desc(clusterBackups.id));
      return {
        policy: policy ? { ...policy, line: backupLine(policy) } : null,
        simulated: providers.driver(cluster.provider).simulated,
        backups: rows.map(toBackup),
      };
    },

    /** A backup now, besides the schedule, kept as long as the scheduled ones. */
    async takeBackup(actor: SessionUser, client: ClientInfo, id: number): Promise<Backup> {
      const catalog = await catalogNow();
      const row = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        const tier = tierOf(catalog, cluster.tierId);
        const policy = policyOfTier(tier.slug);
        if (!policy) throw conflict(`The ${tier.name} tier includes no etcd backups.`);
        if (!providers.driver(cluster.provider).simulated) {
          throw conflict(
            'The platform takes no etcd backups of a cluster on a real provider yet: its provider offers no etcd snapshots',
          );
        }
        assertClusterAllows(cluster, 'backup');
        const running = await tx
          .select({ id: clusterBackups.id })
          .from(clusterBackups)
          .where(
            and(eq(clusterBackups.clusterId, cluster.id), eq(clusterBackups.status, 'running')),
          );
        if (running.length) {
          throw conflict(`A backup of ${cluster.name} is under way: wait for it to finish.`);
        }
        const inserted = await insertBackup(
          tx,
          cluster,
          policy,
          { kind: 'manual', slot: null, requestedBy: actor.id },
          new Date(),
        );
        await logClusterEvent(tx, cluster, {
          kind: 'action',
          message: 'Taking a backup of etcd',
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, cluster.id, 'cluster.backup', {
          backup: inserted!.id,
        });
        return inserted!;
      });
      return toBackup(row);
    },

    /**
     * Puts etcd back to a completed backup: the cluster becomes `updating` and the provider's
     * restore runs as its operation, with its events; 409 where the cluster cannot change now.
     */
    async restoreBackup(actor: SessionUser, client: ClientInfo, id: number, backupId: number) {
      const catalog = await catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        const [backup] = await tx
          .select()
          .from(clusterBackups)
          .where(and(eq(clusterBackups.id, backupId), eq(clusterBackups.clusterId, cluster.id)));
        if (!backup) throw notFound('Backup not found');
        assertClusterAllows(cluster, 'restore');
        if (backup.status !== 'completed') {
          throw conflict(
            backup.status === 'running'
              ? 'The backup is still being taken: it can be restored once it is complete.'
              : 'The backup failed: there is nothing to restore from it.',
          );
        }
        const steps = providers
          .driver(cluster.provider)
          .planRestore(toDriverCluster(cluster, await loadPools(tx, [cluster.id]), catalog), {
            key: keyOf(backup),
            takenAt: backup.takenAt,
          });
        const changed = await operations.setStatus(tx, cluster, 'updating');
        await operations.start(tx, changed, 'restore', steps, actorOf(actor));
        await logClusterEvent(tx, changed, {
          kind: 'status',
          message: `Restoring etcd from the backup of ${backupWords(backup.takenAt)}`,
          progress: 0,
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, cluster.id, 'cluster.restore', {
          backup: backup.id,
          takenAt: backup.takenAt.toISOString(),
        });
        return changed;
      });
      // Read again: the operation just started is part of what the page shows.
      return view((await clusterById(db, updated.id)) ?? updated, catalog);
    },
  };
}
