import { and, eq, isNotNull } from 'drizzle-orm';
import {
  clusterAllows,
  SLEEP_TIERS,
  weekdays,
  type Catalog,
  type Cluster,
  type SleepSchedule,
  type Weekday,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { conflict, invalidFields } from '../../lib/http-error.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { clusters } from './schema.ts';
import { logClusterEvent, type ClusterActor } from './cluster-events.ts';
import {
  actorOf,
  auditCluster,
  findCluster,
  lockIdleRunning,
  type ClusterContext,
} from './cluster-lookup.ts';
import { loadPools, tierOf, toDriverCluster, type ClusterRow } from './cluster-records.ts';

const MINUTE_MS = 60_000;

/** The local weekday and clock time of `at` in `timeZone`. */
function localTime(at: Date, timeZone: string): { day: Weekday; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const day = part('weekday').toLowerCase().slice(0, 3) as Weekday;
  return { day: weekdays.includes(day) ? day : 'mon', time: `${part('hour')}:${part('minute')}` };
}

/** Whether the schedule has the cluster asleep at `at`: awake on its days from wake to sleep. */
export function scheduledAsleep(schedule: SleepSchedule, at: Date): boolean {
  const { day, time } = localTime(at, schedule.timeZone);
  return !(schedule.days.includes(day) && time >= schedule.wakeAt && time < schedule.sleepAt);
}

/** The next time the clock reads the schedule's sleep time after `from` (a woken cluster's end). */
export function nextSleepTime(schedule: SleepSchedule, from: Date): Date {
  const start = Math.ceil((from.getTime() + 1) / MINUTE_MS) * MINUTE_MS;
  // Within two days whatever the zone's offset and a daylight-saving change.
  for (let at = start; at < start + 2 * 24 * 60 * MINUTE_MS; at += MINUTE_MS) {
    if (localTime(new Date(at), schedule.timeZone).time === schedule.sleepAt) return new Date(at);
  }
  return new Date(from.getTime() + 12 * 60 * MINUTE_MS);
}

/** Whether the cluster should be asleep at `now`: its schedule, unless someone woke it. */
export function shouldSleep(cluster: ClusterRow, now: Date): boolean {
  if (!cluster.sleepSchedule) return false;
  if (cluster.wokenUntil && now < cluster.wokenUntil) return false;
  return scheduledAsleep(cluster.sleepSchedule, now);
}

/**
 * Sleep schedules of Dev/Test clusters: asleep, every pool is scaled to zero through the scale
 * operation (its nodes removed, so no node-hours), the pools' counts kept for waking; awake,
 * each pool is scaled back to its count. Each is an operation with its events; the sweep is a
 * chore of every instance, each cluster locked (skipped when another instance holds it) and
 * checked again, so a cluster sleeps or wakes once.
 */
export function createClusterSleep(
  context: ClusterContext,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { db, providers } = context.deps;
  const { operations } = context;

  /** Scales every pool to zero (asleep) or back to its count, as one scale operation. */
  async function turn(
    tx: Tx,
    cluster: ClusterRow,
    asleep: boolean,
    catalog: Catalog,
    why: { actor: ClusterActor | null; message: string },
  ) {
    const pools = await loadPools(tx, [cluster.id]);
    const driver = providers.driver(cluster.provider);
    const steps = pools.flatMap((pool) =>
      driver.planScale(
        toDriverCluster(
          cluster,
          // Planned against the pools as each earlier one will be, so node names do not clash.
          pools,
          catalog,
        ),
        pool.id,
        asleep ? 0 : pool.count,
      ),
    );
    const [marked] = await tx
      .update(clusters)
      .set({ asleep, updatedAt: new Date() })
      .where(eq(clusters.id, cluster.id))
      .returning();
    let updated = marked!;
    if (steps.length > 0) {
      updated = await operations.setStatus(tx, updated, 'updating');
      await operations.start(tx, updated, 'scale', steps, why.actor);
    }
    await logClusterEvent(tx, updated, {
      kind: 'status',
      message: why.message,
      progress: steps.length > 0 ? 0 : null,
      actor: why.actor,
    });
    return updated;
  }

  function assertSleepTier(cluster: ClusterRow, catalog: Catalog) {
    if (!SLEEP_TIERS.includes(tierOf(catalog, cluster.tierId).slug)) {
      throw invalidFields([
        { path: ['schedule'], message: 'Only Dev/Test clusters have sleep schedules' },
      ]);
    }
  }

  return {
    /** Puts to sleep and wakes the clusters whose schedule says so at `now` (the chore). */
    async sweepSleep(now = new Date()) {
      const catalog = await context.catalogNow();
      const scheduled = await db
        .select({ id: clusters.id, asleep: clusters.asleep })
        .from(clusters)
        .where(and(isNotNull(clusters.sleepSchedule), eq(clusters.status, 'running')));
      const slept: number[] = [];
      const woke: number[] = [];
      for (const { id } of scheduled) {
        await db.transaction(async (tx) => {
          const cluster = await lockIdleRunning(tx, id);
          if (!cluster) return;
          const asleep = shouldSleep(cluster, now);
          if (asleep === cluster.asleep) return;
          await turn(tx, cluster, asleep, catalog, {
            actor: null,
            message: asleep
              ? `${cluster.name} goes to sleep on its schedule: every pool scaled to zero`
              : `${cluster.name} wakes up on its schedule: every pool scaled back`,
          });
          (asleep ? slept : woke).push(id);
        });
      }
      return { slept, woke };
    },

    async updateSleepSchedule(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      schedule: SleepSchedule | null,
    ) {
      const catalog = await context.catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        assertSleepTier(cluster, catalog);
        if (!clusterAllows(cluster.status, 'change')) {
          throw conflict(
            `Cluster ${cluster.name} is ${cluster.status}: its schedule cannot change now.`,
          );
        }
        const [row] = await tx
          .update(clusters)
          .set({ sleepSchedule: schedule, wokenUntil: null, updatedAt: new Date() })
          .where(eq(clusters.id, id))
          .returning();
        await logClusterEvent(tx, row!, {
          kind: 'action',
          message: schedule
            ? `Sleep schedule set: awake ${schedule.days.join(', ')} ${schedule.wakeAt}–${schedule.sleepAt} (${schedule.timeZone})`
            : 'Sleep schedule removed',
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, id, 'cluster.sleep_schedule', { schedule });
        // Without a schedule, a sleeping cluster wakes at once.
        if (!schedule && row!.asleep && row!.operationKind === null) {
          return turn(tx, row!, false, catalog, {
            actor: actorOf(actor),
            message: `${row!.name} wakes up: its sleep schedule was removed`,
          });
        }
        return row!;
      });
      return view(updated, catalog);
    },

    /** Wakes it now, until its schedule's next sleep time. */
    async wake(actor: SessionUser, client: ClientInfo, id: number, now = new Date()) {
      const catalog = await context.catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        if (!cluster.asleep || !cluster.sleepSchedule) {
          throw conflict(`Cluster ${cluster.name} is not asleep.`);
        }
        if (cluster.status !== 'running' || cluster.operationKind !== null) {
          throw conflict(
            `Cluster ${cluster.name} is applying another change: wake it once it is done.`,
          );
        }
        const until = nextSleepTime(cluster.sleepSchedule, now);
        const [row] = await tx
          .update(clusters)
          .set({ wokenUntil: until })
          .where(eq(clusters.id, id))
          .returning();
        await auditCluster(tx, actor, client, id, 'cluster.wake', { until: until.toISOString() });
        return turn(tx, row!, false, catalog, {
          actor: actorOf(actor),
          message: `${cluster.name} woken up by ${actorOf(actor).name} until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        });
      });
      return view(updated, catalog);
    },
  };
}
