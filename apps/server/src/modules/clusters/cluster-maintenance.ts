import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  END_OF_SUPPORT_NOTICE_DAYS,
  weekdays,
  type Catalog,
  type Cluster,
  type UpdateMaintenance,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { notifyOrganizationMembers } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { clusterMaintenanceNotices, clusters } from './schema.ts';
import { logClusterEvent } from './cluster-events.ts';
import {
  actorOf,
  auditCluster,
  findCluster,
  lockIdleRunning,
  type ClusterContext,
} from './cluster-lookup.ts';
import { clusterById, loadPools, toDriverCluster, type ClusterRow } from './cluster-records.ts';
import { assertClusterAllows } from './cluster-states.ts';
import {
  insideWindow,
  nextWindowStart,
  upgradePlans,
  windowOf,
  type Plan,
} from './cluster-versions.ts';

/** Sends a cluster's window to a provider that keeps one (DigitalOcean), after it is saved. */
export const maintenancePolicyJob = defineJob(
  'cluster.maintenance-policy',
  z.object({ clusterId: z.number().int().positive() }),
);

const DAY_MS = 24 * 3_600_000;

/** "Sunday, 13 December 2026, 03:00 (Europe/Berlin)": a window's start in its own zone. */
function windowWords(at: Date, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${day.replace(' at ', ', ')} (${timeZone})`;
}

/**
 * Maintenance windows and automatic upgrades: each cluster's weekly window (when changes nobody
 * asked for may happen) and the sweep that starts them there. A patch release is applied in the
 * first window once it is out, while auto-upgrade is on; a minor reaching its end of support is
 * upgraded to the next one in the last window before that date, whatever the switch says, after
 * notices 30, 7 and 1 days before. Each upgrade is an `auto_upgrade` operation, the same steps
 * (node pools by surge) and state machine as one a person starts. The sweep is a chore of every
 * instance: each cluster is locked (skipped when another instance holds it) and checked again,
 * and a notice is sent by the insert that claims it, so each happens once.
 */
export function createClusterMaintenance(
  context: ClusterContext,
  view: (cluster: ClusterRow, catalog?: Catalog) => Promise<Cluster>,
) {
  const { deps } = context;
  const { db, providers, config } = deps;
  const { operations } = context;

  /** The notice due before an end-of-support upgrade, once: the nearest of 30, 7 and 1 days. */
  async function sendNotice(tx: Tx, cluster: ClusterRow, plan: Plan, now: Date, catalog: Catalog) {
    const at = new Date(plan.at);
    const daysLeft = (at.getTime() - now.getTime()) / DAY_MS;
    const due = [...END_OF_SUPPORT_NOTICE_DAYS].sort((a, b) => a - b).find((d) => daysLeft <= d);
    if (due === undefined || daysLeft <= 0) return null;
    const [claimed] = await tx
      .insert(clusterMaintenanceNotices)
      .values({ clusterId: cluster.id, minor: cluster.kubernetesVersion, daysBefore: due })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return null;
    const { timeZone } = windowOf(cluster, catalog);
    const message = `Kubernetes ${cluster.kubernetesVersion} reaches its end of support on ${plan.endOfSupport}: ${cluster.name} will be upgraded to ${plan.version} in its maintenance window on ${windowWords(at, timeZone)}. Upgrade it yourself before then, or move the window, from the cluster page.`;
    await logClusterEvent(tx, cluster, { kind: 'action', message });
    await notifyOrganizationMembers(tx, cluster.organizationId, 'clusters', 'warning', message, {
      category: 'maintenance',
      subject: `${cluster.name} will be upgraded to Kubernetes ${plan.minor} in ${due} day${due === 1 ? '' : 's'}`,
      text: `Hello,\n\n${message}\n\nSee it on ${config.publicUrl}/clusters/${cluster.id}\n\nThe Alpenkube team`,
    });
    return due;
  }

  /** Starts the planned upgrade as an operation nobody asked for, in the cluster's lock. */
  async function startUpgrade(tx: Tx, cluster: ClusterRow, plan: Plan, catalog: Catalog) {
    const pools = await loadPools(tx, [cluster.id]);
    const steps = providers
      .driver(cluster.provider)
      .planUpgrade(toDriverCluster(cluster, pools, catalog), plan.minor, plan.version);
    const updating = await operations.setStatus(tx, cluster, 'updating');
    await operations.start(tx, updating, 'auto_upgrade', steps, null);
    const why =
      plan.reason === 'patch'
        ? 'a patch release'
        : `Kubernetes ${cluster.kubernetesVersion} reaches its end of support on ${plan.endOfSupport}`;
    await logClusterEvent(tx, updating, {
      kind: 'status',
      message: `Upgrading Kubernetes from ${cluster.kubernetesPatch} to ${plan.version} in the maintenance window (${why}), node by node with one extra node at a time`,
      progress: 0,
    });
  }

  deps.jobs.register(maintenancePolicyJob, async ({ clusterId }, { signal }) => {
    const cluster = await clusterById(db, clusterId);
    const driver = cluster && providers.driver(cluster.provider);
    if (!cluster || !driver?.maintenancePolicy || cluster.status === 'deleted') return;
    // The provider keeps a UTC weekday and time: those of the window's next start.
    const start = nextWindowStart(windowOf(cluster, await context.catalogNow()), new Date());
    await driver.maintenancePolicy(
      { id: cluster.id },
      {
        day: weekdays[(start.getUTCDay() + 6) % 7]!,
        startTime: start.toISOString().slice(11, 16),
        autoUpgrade: cluster.autoUpgrade,
      },
      signal,
    );
  });

  return {
    /**
     * Sends every window again to the providers that keep one: a new cluster gets its window,
     * and a change to or from daylight saving moves the UTC start it has there (daily).
     */
    async resendMaintenancePolicies() {
      const real = providers.realProviders();
      if (real.length === 0) return;
      const rows = await db
        .select({ id: clusters.id })
        .from(clusters)
        .where(and(inArray(clusters.provider, real), eq(clusters.status, 'running')));
      for (const { id } of rows) await enqueueJob(db, maintenancePolicyJob, { clusterId: id });
    },

    /**
     * Starts the upgrades due at `now` in the clusters' windows and sends the notices due (the
     * chore; `only` limits it to one cluster, as the development clock does).
     */
    async sweepMaintenance(now = new Date(), only?: number) {
      const catalog = await context.catalogNow();
      const candidates = await db
        .select({ id: clusters.id })
        .from(clusters)
        .where(
          and(
            eq(clusters.status, 'running'),
            isNull(clusters.operationKind),
            only === undefined ? undefined : eq(clusters.id, only),
          ),
        );
      const upgraded: number[] = [];
      const notices: { clusterId: number; days: number }[] = [];
      for (const { id } of candidates) {
        await db.transaction(async (tx) => {
          const cluster = await lockIdleRunning(tx, id);
          if (!cluster) return;
          const plans = upgradePlans(
            cluster,
            catalog,
            now,
            providers.driver(cluster.provider).appliesCatalogPatches,
          );
          const endOfSupport = plans.find((candidate) => candidate.reason === 'end_of_support');
          if (endOfSupport) {
            const days = await sendNotice(tx, cluster, endOfSupport, now, catalog);
            if (days !== null) notices.push({ clusterId: id, days });
          }
          const plan = plans[0];
          if (!plan) return;
          const window = windowOf(cluster, catalog);
          if (new Date(plan.at) <= now && insideWindow(window, now)) {
            await startUpgrade(tx, cluster, plan, catalog);
            upgraded.push(id);
          }
        });
      }
      return { upgraded, notices };
    },

    async updateMaintenance(
      actor: SessionUser,
      client: ClientInfo,
      id: number,
      body: UpdateMaintenance,
    ) {
      const catalog = await context.catalogNow();
      const updated = await db.transaction(async (tx) => {
        const cluster = await findCluster(tx, actor.organizationId, id, true);
        assertClusterAllows(cluster, 'change');
        const [row] = await tx
          .update(clusters)
          .set({
            maintenanceDay: body.day,
            maintenanceHour: body.hour,
            maintenanceTimeZone: body.timeZone,
            autoUpgrade: body.autoUpgrade,
            updatedAt: new Date(),
          })
          .where(eq(clusters.id, id))
          .returning();
        const hour = `${String(body.hour).padStart(2, '0')}:00`;
        await logClusterEvent(tx, row!, {
          kind: 'action',
          message: `Maintenance window set: ${body.day} from ${hour} (${body.timeZone}); automatic patch upgrades ${body.autoUpgrade ? 'on' : 'off'}`,
          actor: actorOf(actor),
        });
        await auditCluster(tx, actor, client, id, 'cluster.maintenance', { ...body });
        if (providers.driver(row!.provider).maintenancePolicy) {
          await enqueueJob(tx, maintenancePolicyJob, { clusterId: id });
        }
        return row!;
      });
      return view(updated, catalog);
    },
  };
}
