import { and, eq, isNotNull, lt, lte, min, notInArray, or, isNull } from 'drizzle-orm';
import {
  clusterAllows,
  hourlyTierTerms,
  IDLE_DELETION_TIERS,
  PREVIEW_TIERS,
  type Catalog,
  type Cluster,
  type ClusterOrderConfig,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { invalidFields } from '../../lib/http-error.ts';
import { notifyOrganizationAdmins, notifyOrganizationMembers } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { clusters } from './schema.ts';
import { logClusterEvent, type ClusterActor } from './cluster-events.ts';
import { actorOf, auditCluster, findCluster, type ClusterContext } from './cluster-lookup.ts';
import { idleDaysOf, idleDeletionAt, tierOf, type ClusterRow } from './cluster-records.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The notices before an idle deletion, in days before it. */
export const IDLE_NOTICE_DAYS = [7, 1] as const;
/** A Kubernetes API request moves the idle clock at most this often per cluster. */
export const USE_WRITE_EVERY_MS = HOUR_MS;
/** How often each instance looks for expired previews and idle sandboxes. */
export const LIFESPAN_SWEEP_EVERY_MS = 5 * 60_000;

const hourEnd = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
const ended = ['deleting', 'deleted', 'failed'] as const;

/**
 * A new cluster's trial, idle clock and expiry. The trial is the organization's, not the
 * cluster's: it runs from its first cluster of the tier, so deleting and ordering again does
 * not start another (whole hours, as metering counts them).
 */
export async function lifespanAtOrder(
  tx: Tx,
  organizationId: number,
  tier: { id: number; slug: string },
  config: Pick<ClusterOrderConfig, 'expiresInHours'>,
  now: Date,
) {
  const terms = hourlyTierTerms(tier.slug);
  let trialEndsAt: Date | null = null;
  if (terms) {
    const [first] = await tx
      .select({ at: min(clusters.createdAt) })
      .from(clusters)
      .where(and(eq(clusters.organizationId, organizationId), eq(clusters.tierId, tier.id)));
    const start = first?.at && first.at < now ? first.at : now;
    trialEndsAt = hourEnd(new Date(start.getTime() + terms.trialDays * DAY_MS));
  }
  return {
    trialEndsAt,
    lastUsedAt: IDLE_DELETION_TIERS[tier.slug] ? now : null,
    expiresAt: config.expiresInHours
      ? new Date(now.getTime() + config.expiresInHours * HOUR_MS)
      : null,
  };
}

const dateWords = (at: Date) =>
  at.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/**
 * The lives of clusters the platform ends by itself: preview clusters at their expiry, and
 * clusters of a tier deleted when idle (the sandbox) after notices 7 and 1 days before. The
 * sweep is a chore of every instance; each cluster is locked (skipped when another instance
 * holds it) and checked again, and each notice is a conditional write, so however many
 * instances sweep at once a notice goes out once and a cluster is deleted once.
 */
export function createClusterLifespans(
  context: ClusterContext,
  startDeletion: (
    tx: Tx,
    cluster: ClusterRow,
    catalog: Catalog,
    why: { actor: ClusterActor | null; message: string },
  ) => Promise<ClusterRow>,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { db } = context.deps;
  // Per instance: a busy cluster's API requests write the idle clock once an hour, not each time.
  const lastWrite = new Map<number, number>();

  /** A Kubernetes API request: the cluster is in use. At most one write an hour per cluster. */
  async function touch(clusterId: number, now = new Date()) {
    const previous = lastWrite.get(clusterId);
    if (previous !== undefined && now.getTime() - previous < USE_WRITE_EVERY_MS) return;
    lastWrite.set(clusterId, now.getTime());
    if (lastWrite.size > 10_000) lastWrite.clear();
    await db
      .update(clusters)
      .set({ lastUsedAt: now, idleNoticeDays: null })
      .where(
        and(
          eq(clusters.id, clusterId),
          isNotNull(clusters.lastUsedAt),
          // Another instance wrote it within the hour: nothing to add.
          lt(clusters.lastUsedAt, new Date(now.getTime() - USE_WRITE_EVERY_MS)),
        ),
      );
  }

  /** Deletes the cluster through the normal delete operation, if it is still due and allows it. */
  async function deleteIfDue(
    id: number,
    catalog: Catalog,
    due: (cluster: ClusterRow) => boolean,
    why: (cluster: ClusterRow) => { event: string; notice: string },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [cluster] = await tx
        .select()
        .from(clusters)
        .where(eq(clusters.id, id))
        .for('update', { skipLocked: true });
      if (!cluster || !due(cluster) || !clusterAllows(cluster.status, 'delete')) return false;
      const words = why(cluster);
      await startDeletion(tx, cluster, catalog, { actor: null, message: words.event });
      await notifyOrganizationMembers(
        tx,
        cluster.organizationId,
        'clusters',
        'warning',
        words.notice,
      );
      return true;
    });
  }

  async function expirePreviews(now: Date, catalog: Catalog, only?: number) {
    const due = await db
      .select({ id: clusters.id })
      .from(clusters)
      .where(
        and(
          lte(clusters.expiresAt, now),
          notInArray(clusters.status, [...ended]),
          only === undefined ? undefined : eq(clusters.id, only),
        ),
      );
    const deleted: number[] = [];
    for (const { id } of due) {
      const done = await deleteIfDue(
        id,
        catalog,
        (cluster) => cluster.expiresAt !== null && cluster.expiresAt <= now,
        (cluster) => ({
          event: `Preview cluster ${cluster.name} expired: deleting it`,
          notice: `Preview cluster ${cluster.name} reached its expiry and is being deleted.`,
        }),
      );
      if (done) deleted.push(id);
    }
    return deleted;
  }

  /** Sends the notice due (7 or 1 days before), once: the write that claims it decides. */
  async function sendIdleNotice(cluster: ClusterRow, days: number, deletionAt: Date, now: Date) {
    const earlier = IDLE_NOTICE_DAYS.filter((candidate) => candidate > days);
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(clusters)
        .set({ idleNoticeDays: days })
        .where(
          and(
            eq(clusters.id, cluster.id),
            eq(clusters.lastUsedAt, cluster.lastUsedAt!),
            earlier.length
              ? or(isNull(clusters.idleNoticeDays), eq(clusters.idleNoticeDays, earlier[0]!))
              : isNull(clusters.idleNoticeDays),
          ),
        )
        .returning();
      if (!claimed) return;
      const when = dateWords(deletionAt);
      const message = `Sandbox ${cluster.name} has not been used for ${Math.floor((now.getTime() - cluster.lastUsedAt!.getTime()) / DAY_MS)} days: it will be deleted on ${when} unless someone uses it (a kubectl command or a change) before.`;
      await logClusterEvent(tx, claimed, { kind: 'action', message });
      await notifyOrganizationAdmins(tx, cluster.organizationId, 'warning', message, {
        category: 'maintenance',
        subject: `Sandbox ${cluster.name} will be deleted in ${days} day${days === 1 ? '' : 's'}`,
        text: `Hello,\n\n${message}\n\nUse it or download its data before then on ${context.deps.config.publicUrl}/clusters/${cluster.id}\n\nThe Alpenkube team`,
      });
    });
  }

  async function sweepIdle(now: Date, catalog: Catalog, only?: number) {
    const earliestNotice = Math.max(...IDLE_NOTICE_DAYS);
    const candidates = await db
      .select()
      .from(clusters)
      .where(
        and(
          isNotNull(clusters.lastUsedAt),
          notInArray(clusters.status, [...ended]),
          only === undefined ? undefined : eq(clusters.id, only),
        ),
      );
    const deleted: number[] = [];
    for (const cluster of candidates) {
      const deletionAt = idleDeletionAt(cluster, catalog);
      if (!deletionAt) continue;
      const daysLeft = (deletionAt.getTime() - now.getTime()) / DAY_MS;
      if (daysLeft > earliestNotice) continue;
      // Never deleted without the last notice: a sweep that comes late sends it, and deletes
      // at the next pass, so "1 day before" is never skipped.
      if (daysLeft <= 0 && cluster.idleNoticeDays === 1) {
        const done = await deleteIfDue(
          cluster.id,
          catalog,
          (locked) =>
            locked.lastUsedAt?.getTime() === cluster.lastUsedAt!.getTime() &&
            locked.idleNoticeDays === 1,
          (locked) => ({
            event: `Sandbox ${locked.name} unused for ${idleDaysOf(locked, catalog)} days: deleting it`,
            notice: `Sandbox ${locked.name} was not used for ${idleDaysOf(locked, catalog)} days and is being deleted.`,
          }),
        );
        if (done) deleted.push(cluster.id);
        continue;
      }
      const due = IDLE_NOTICE_DAYS.filter((days) => daysLeft <= days).at(-1)!;
      if (cluster.idleNoticeDays !== null && cluster.idleNoticeDays <= due) continue;
      await sendIdleNotice(cluster, due, deletionAt, now);
    }
    return deleted;
  }

  return {
    touch,

    /**
     * Expired previews and idle sandboxes deleted, notices sent (the chore; tests pass `now`,
     * and the development route one cluster, `only`, so that a moved clock touches no other).
     */
    async sweepLifespans(now = new Date(), only?: number) {
      const catalog = await context.catalogNow();
      const expired = await expirePreviews(now, catalog, only);
      const idle = await sweepIdle(now, catalog, only);
      return { expired, idle };
    },

    /** A preview cluster's expiry from now; null keeps it for good. A use of the cluster too. */
    async updateExpiry(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      hours: number | null,
      now = new Date(),
    ) {
      const catalog = await context.catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        if (!PREVIEW_TIERS.includes(tierOf(catalog, cluster.tierId).slug)) {
          throw invalidFields([
            {
              path: ['expiresInHours'],
              message: 'Only Dev/Test clusters can be preview clusters with an expiry',
            },
          ]);
        }
        if (ended.some((status) => status === cluster.status)) {
          throw invalidFields([
            { path: ['expiresInHours'], message: `Cluster ${cluster.name} is ${cluster.status}` },
          ]);
        }
        const expiresAt = hours === null ? null : new Date(now.getTime() + hours * HOUR_MS);
        const [row] = await tx
          .update(clusters)
          .set({ expiresAt, updatedAt: now })
          .where(eq(clusters.id, id))
          .returning();
        await logClusterEvent(tx, row!, {
          kind: 'action',
          message: expiresAt
            ? `Expiry set: deleted on ${dateWords(expiresAt)}`
            : 'Expiry removed: the cluster is kept until deleted',
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, id, 'cluster.expiry', {
          expiresAt: expiresAt?.toISOString() ?? null,
        });
        return row!;
      });
      return view(updated, catalog);
    },
  };
}
