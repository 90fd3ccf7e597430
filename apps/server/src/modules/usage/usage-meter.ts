import { and, asc, eq, gt, gte, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import { meteredRates, type Catalog, type ClusterConfig } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { createSemaphore } from '../../lib/semaphore.ts';
import {
  clusterEvents,
  clusterLoadBalancers,
  clusterNodePools,
  clusterNodes,
  clusterVolumes,
  clusters,
} from '../clusters/schema.ts';
import {
  meteringCursors,
  usageDaily,
  usageMonthly,
  usageOrganizationDaily,
  usageRecords,
} from './schema.ts';
import { clustersDueForMetering } from './due-clusters.ts';
import type { BillingReads } from './billing-reads.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import { configOf } from '../clusters/index.ts';
import {
  addHours,
  hourEnd,
  hourStart,
  inTrial,
  meterHour,
  overlapSeconds,
  resourceRecords,
  volumeGbHoursMilli,
  type ClusterHistory,
  type HourRates,
  type MeteredUsage,
  type PaidConfig,
  type Span,
} from './usage-hours.ts';

type ClusterRow = typeof clusters.$inferSelect;

/** Where metering says what it did: a line per committed week (debug), a line per pass (info). */
export interface MeteringLog {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
}
type PoolRow = Pick<typeof clusterNodePools.$inferSelect, 'id' | 'name' | 'size' | 'count'> & {
  removedAt: Date | null;
};

/**
 * The most hours one transaction meters for a cluster: a cluster with a long history (a
 * restart after days down) catches up a week at a time, each week committed with its cursor.
 */
const CHUNK_HOURS = 168;

/**
 * Clusters metered at once by one pass: each is a transaction of its own, so their round trips
 * to the database overlap (one at a time, a cluster's dozen queries left the database idle
 * most of the time); the pool's other connections stay free for requests.
 */
const CLUSTERS_SIDE_BY_SIDE = 4;

/** Statuses of a cluster whose provisioning failed: if it never ran, it is never metered. */
const gone = ['failed', 'deleting', 'deleted'];

const earliest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>(
    (first, date) => (date && (!first || date < first) ? date : first),
    null,
  );

/** The engine's hourly rates of the cluster's configuration, nodes by pool id (removed pools too). */
function ratesOf(cluster: ClusterRow, pools: PoolRow[], catalog: Catalog): HourRates {
  const config: ClusterConfig = {
    ...configOf(
      cluster,
      pools.filter((pool) => pool.removedAt === null),
      catalog,
    ),
    billingCycle: 'monthly',
  };
  const current = meteredRates(config, catalog);
  // Every pool the cluster ever had, named by id: a removed pool's name may be taken again.
  const everyPool = meteredRates(
    {
      ...config,
      addons: [],
      nodePools: pools.map((pool) => ({ name: String(pool.id), size: pool.size, count: 1 })),
    },
    catalog,
  ).nodeHour;
  const nodeHour: Record<number, number> = {};
  for (const pool of pools) nodeHour[pool.id] = everyPool[String(pool.id)] ?? 0;
  return {
    controlPlaneHour: current.controlPlaneHour,
    nodeHour,
    addonHour: current.addonHour,
    storageGbHour: current.storageGbHour,
    egressGb: current.egressGb,
  };
}

/** What metering knows of the cluster's history over [from, to), and every pool it had. */
async function history(
  tx: Tx,
  cluster: ClusterRow,
  firstRunningAt: Date | null,
  from: Date,
  to: Date,
  subscriptions: ClusterHistory['subscriptions'],
): Promise<{
  history: ClusterHistory;
  pools: PoolRow[];
  volumes: (Span & { sizeGb: number })[];
  loadBalancers: (Span & { id: number })[];
}> {
  const pools = await tx
    .select({
      id: clusterNodePools.id,
      name: clusterNodePools.name,
      size: clusterNodePools.size,
      count: clusterNodePools.count,
      removedAt: clusterNodePools.removedAt,
    })
    .from(clusterNodePools)
    .where(eq(clusterNodePools.clusterId, cluster.id))
    .orderBy(asc(clusterNodePools.id));
  const nodes = await tx
    .select({
      poolId: clusterNodes.poolId,
      start: clusterNodes.createdAt,
      end: clusterNodes.removedAt,
    })
    .from(clusterNodes)
    .where(
      and(
        eq(clusterNodes.clusterId, cluster.id),
        lt(clusterNodes.createdAt, to),
        or(isNull(clusterNodes.removedAt), gt(clusterNodes.removedAt, from)),
      ),
    );
  // Volumes and load balancers end with the cluster, whatever their own rows say.
  const endOf = (deletedAt: Date | null) => earliest(deletedAt, cluster.deletedAt) ?? null;
  const volumes = (
    await tx
      .select({
        sizeGb: clusterVolumes.sizeGb,
        start: clusterVolumes.createdAt,
        end: clusterVolumes.deletedAt,
      })
      .from(clusterVolumes)
      .where(
        and(
          eq(clusterVolumes.clusterId, cluster.id),
          lt(clusterVolumes.createdAt, to),
          or(isNull(clusterVolumes.deletedAt), gt(clusterVolumes.deletedAt, from)),
        ),
      )
  ).map((volume) => ({ ...volume, end: endOf(volume.end) }));
  const loadBalancers = (
    await tx
      .select({
        id: clusterLoadBalancers.id,
        start: clusterLoadBalancers.createdAt,
        end: clusterLoadBalancers.deletedAt,
      })
      .from(clusterLoadBalancers)
      .where(
        and(
          eq(clusterLoadBalancers.clusterId, cluster.id),
          lt(clusterLoadBalancers.createdAt, to),
          or(isNull(clusterLoadBalancers.deletedAt), gt(clusterLoadBalancers.deletedAt, from)),
        ),
      )
  ).map((balancer) => ({ ...balancer, end: endOf(balancer.end) }));
  return {
    pools,
    volumes,
    loadBalancers,
    history: {
      firstRunningAt,
      deletedAt: cluster.deletedAt,
      freeUntil: cluster.trialEndsAt,
      addons: cluster.addons,
      pools,
      nodes,
      // The live one first.
      subscriptions: [...subscriptions].sort(
        (a, b) => Number(a.cancelledAt !== null) - Number(b.cancelledAt !== null),
      ),
    },
  };
}

/** Metrics whose billable part depends on what a period prepaid (storage and egress never do). */
const prepaidMetrics = ['control_plane_hours', 'addon_hours', 'node_hours'] as const;

/**
 * Millicents of the cluster's records of [from, to) that `paidConfig` would have prepaid: each
 * hour metered again as if that configuration had been paid from its start, and the stored cost
 * beyond that summed. A renewal paid during its retry days prepays its whole period, hours the
 * meter billed above the previous period's configuration included: this is what it billed twice.
 */
export async function meteredCostPrepaidBy(
  tx: Tx,
  clusterId: number,
  from: Date,
  to: Date,
  paidConfig: PaidConfig,
  catalog: Catalog,
): Promise<number> {
  const stored = await tx
    .select({
      hour: usageRecords.hour,
      metric: usageRecords.metric,
      cost: usageRecords.costMillicents,
    })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.clusterId, clusterId),
        gte(usageRecords.hour, from),
        lt(usageRecords.hour, to),
        gt(usageRecords.billableMilli, 0),
        inArray(usageRecords.metric, [...prepaidMetrics]),
      ),
    );
  if (stored.length === 0) return 0;
  const [cluster] = await tx.select().from(clusters).where(eq(clusters.id, clusterId));
  if (!cluster) return 0;
  const [firsts] = await tx
    .select({ running: min(clusterEvents.createdAt) })
    .from(clusterEvents)
    .where(and(eq(clusterEvents.clusterId, clusterId), eq(clusterEvents.status, 'running')));
  const { history: prepaid, pools } = await history(
    tx,
    cluster,
    firsts?.running ?? null,
    from,
    to,
    [{ paidConfig, cancelledAt: null }],
  );
  const rates = ratesOf(cluster, pools, catalog);
  const again = new Map<string, number>();
  for (const hour of new Set(stored.map((record) => record.hour.getTime()))) {
    const start = new Date(hour);
    for (const record of meterHour(prepaid, rates, start, addHours(start, 1)).records) {
      again.set(`${hour}:${record.metric}`, record.costMillicents);
    }
  }
  return stored.reduce(
    (sum, record) =>
      sum +
      Math.max(0, record.cost - (again.get(`${record.hour.getTime()}:${record.metric}`) ?? 0)),
    0,
  );
}

/**
 * Hourly metering from the clusters' recorded history into usage_records, with the daily
 * rollup and the cluster's cursor (`metering_cursors`) in the same transaction: a crash loses
 * the transaction whole, and the records' unique key (cluster, metric, hour) with
 * `on conflict do nothing` means a second instance, or a pass after a partial hour was metered
 * for a month's close, writes nothing twice.
 */
export function createUsageMeter(
  deps: Pick<Infrastructure, 'db'> & {
    catalog: CatalogService;
    providers: ProviderRegistry;
    billingReads: Pick<BillingReads, 'prepaidConfigs'>;
  } & { log?: MeteringLog },
) {
  const { db, log } = deps;

  /** Clusters with hours before `bound` still to meter, oldest first. */
  async function dueClusters(bound: Date, organizationId?: number): Promise<number[]> {
    const ofOrganization =
      organizationId === undefined ? sql`` : sql`where due.organization_id = ${organizationId}`;
    const rows = await db.execute<{ id: number }>(
      sql`select due.id from (${clustersDueForMetering(bound)}) due ${ofOrganization} order by due.id`,
    );
    return rows.rows.map((row) => Number(row.id));
  }

  /** Every record of [from, to), hour by hour; `to` may end inside its last hour. */
  async function measure(
    tx: Tx,
    cluster: ClusterRow,
    firstRunningAt: Date | null,
    from: Date,
    to: Date,
    catalog: Catalog,
  ): Promise<MeteredUsage[]> {
    const paid = await deps.billingReads.prepaidConfigs(tx, cluster.id, from);
    const loaded = await history(tx, cluster, firstRunningAt, from, to, paid);
    const rates = ratesOf(cluster, loaded.pools, catalog);
    const driver = deps.providers.driver(cluster.provider);
    const records: MeteredUsage[] = [];
    for (let hour = from; hour < to; hour = addHours(hour, 1)) {
      const end = addHours(hour, 1) < to ? addHours(hour, 1) : to;
      records.push(...meterHour(loaded.history, rates, hour, end).records);
      // Storage: the volumes that existed in the hour. Egress: what the provider says went out
      // through the load balancers that existed in it (none, no egress).
      const storageMilli = volumeGbHoursMilli(loaded.volumes, hour, end);
      const balancers = loaded.loadBalancers
        .map((balancer) => ({ id: balancer.id, seconds: overlapSeconds(balancer, hour, end) }))
        .filter((balancer) => balancer.seconds > 0);
      const egressGb = balancers.length
        ? (await driver.usage({ clusterId: cluster.id, hour, loadBalancers: balancers })).egressGb
        : 0;
      const resources = resourceRecords(
        hour,
        { storageGbHours: storageMilli / 1000, egressGb },
        rates,
      );
      // A trial is free whole: what the cluster's resources used in it is counted, not billed.
      records.push(
        ...(inTrial(loaded.history, hour)
          ? resources.map((record) => ({ ...record, billableMilli: 0, costMillicents: 0 }))
          : resources),
      );
    }
    return records;
  }

  /**
   * Writes the records an earlier pass did not, and adds exactly those to the rollups (the
   * cluster's days and months, the organization's days): one statement, the records passed as
   * arrays (a week of a cluster is 840 records).
   */
  async function store(tx: Tx, cluster: ClusterRow, records: MeteredUsage[]): Promise<number> {
    if (records.length === 0) return 0;
    const array = (values: (string | number)[]) => `{${values.join(',')}}`;
    const day = sql`to_char(hour at time zone 'UTC', 'YYYY-MM-DD')`;
    const month = sql`to_char(hour at time zone 'UTC', 'YYYY-MM')`;
    const sums = sql`sum(quantity_milli), sum(billable_milli), sum(cost_millicents)`;
    const add = (table: typeof usageDaily | typeof usageMonthly | typeof usageOrganizationDaily) =>
      sql`quantity_milli = ${table}.quantity_milli + excluded.quantity_milli,
          billable_milli = ${table}.billable_milli + excluded.billable_milli,
          cost_millicents = ${table}.cost_millicents + excluded.cost_millicents`;
    const result = await tx.execute<{ written: number | string }>(sql`
      with given as (
        select * from unnest(
          ${array(records.map((record) => record.metric))}::text[],
          ${array(records.map((record) => record.hour.toISOString()))}::timestamptz[],
          ${array(records.map((record) => record.quantityMilli))}::bigint[],
          ${array(records.map((record) => record.billableMilli))}::bigint[],
          ${array(records.map((record) => record.costMillicents))}::bigint[]
        ) as given(metric, hour, quantity, billable, cost)),
      inserted as (
        insert into ${usageRecords} (organization_id, cluster_id, metric, hour, quantity_milli,
                                     billable_milli, cost_millicents)
        select ${cluster.organizationId}, ${cluster.id}, metric, hour, quantity, billable, cost
          from given
        on conflict (cluster_id, metric, hour) do nothing
        returning metric, hour, quantity_milli, billable_milli, cost_millicents),
      daily as (
        insert into ${usageDaily} (organization_id, cluster_id, metric, day, quantity_milli,
                                   billable_milli, cost_millicents)
        select ${cluster.organizationId}, ${cluster.id}, metric, ${day}, ${sums}
          from inserted group by metric, ${day}
        on conflict (cluster_id, metric, day) do update set ${add(usageDaily)}
        returning 1),
      monthly as (
        insert into ${usageMonthly} (organization_id, cluster_id, metric, month, quantity_milli,
                                     billable_milli, cost_millicents)
        select ${cluster.organizationId}, ${cluster.id}, metric, ${month}, ${sums}
          from inserted group by metric, ${month}
        on conflict (cluster_id, metric, month) do update set ${add(usageMonthly)}
        returning 1),
      organization as (
        insert into ${usageOrganizationDaily} (organization_id, day, metric, quantity_milli,
                                               billable_milli, cost_millicents)
        select ${cluster.organizationId}, ${day}, metric, ${sums}
          from inserted group by metric, ${day}
        on conflict (organization_id, day, metric) do update set ${add(usageOrganizationDaily)}
        returning 1)
      select (select count(*) from inserted)::int as written,
             (select count(*) from daily) + (select count(*) from monthly)
               + (select count(*) from organization) as rolled`);
    return Number(result.rows[0]?.written ?? 0);
  }

  /**
   * One transaction of one cluster: the cluster's row locked (skipped when another instance
   * holds it and `skipLocked`), up to a week of the ended hours before `until` metered and the
   * cursor moved past them; once caught up, with `partial`, the hour `until` falls in, up to
   * `until`, without moving the cursor. Answers whether hours are left.
   */
  async function meterStep(
    clusterId: number,
    until: Date,
    options: { partial: boolean; skipLocked: boolean; catalog: Catalog },
  ): Promise<{ more: boolean; written: number }> {
    return db.transaction(async (tx) => {
      const locking = tx.select().from(clusters).where(eq(clusters.id, clusterId));
      const [cluster] = options.skipLocked
        ? await locking.for('update', { skipLocked: true })
        : await locking.for('update');
      if (!cluster) return { more: false, written: 0 };
      const [firsts] = await tx
        .select({ running: min(clusterEvents.createdAt) })
        .from(clusterEvents)
        .where(and(eq(clusterEvents.clusterId, cluster.id), eq(clusterEvents.status, 'running')));
      const firstRunningAt = firsts?.running ?? null;
      const [cursor] = await tx
        .select({ meteredThrough: meteringCursors.meteredThrough })
        .from(meteringCursors)
        .where(eq(meteringCursors.clusterId, cluster.id));
      let start = cursor?.meteredThrough ?? null;
      if (!start) {
        const [firstNode] = await tx
          .select({ at: min(clusterNodes.createdAt) })
          .from(clusterNodes)
          .where(eq(clusterNodes.clusterId, cluster.id));
        start = hourStart(earliest(cluster.createdAt, firstNode?.at, firstRunningAt)!);
      }
      const current = hourStart(until);
      const lifeEnd = cluster.deletedAt ? hourEnd(cluster.deletedAt) : null;
      let stop = lifeEnd && lifeEnd < current ? lifeEnd : current;
      // A live real cluster whose volumes and load balancers are observed at its provider (the
      // observation job): an hour is metered once a look after its end made its rows right. A
      // close (`partial`) does not wait: it bills the rows as they are.
      const observes = Boolean(deps.providers.driver(cluster.provider).observedResources);
      if (observes && !options.partial && firstRunningAt && !gone.includes(cluster.status)) {
        const looked = cluster.resourcesObservedAt ? hourStart(cluster.resourcesObservedAt) : start;
        if (looked < stop) stop = looked;
      }
      const advance = async (to: Date) => {
        await tx
          .insert(meteringCursors)
          .values({ clusterId: cluster.id, meteredThrough: to })
          .onConflictDoUpdate({
            target: meteringCursors.clusterId,
            set: { meteredThrough: to },
          });
      };

      // Provisioning failed: nothing ran that the customer pays for by the hour.
      if (!firstRunningAt && gone.includes(cluster.status)) {
        if (start < stop) await advance(stop);
        return { more: false, written: 0 };
      }
      if (start < stop) {
        const to = addHours(start, CHUNK_HOURS) < stop ? addHours(start, CHUNK_HOURS) : stop;
        const records = await measure(tx, cluster, firstRunningAt, start, to, options.catalog);
        const written = await store(tx, cluster, records);
        await advance(to);
        log?.debug({ clusterId: cluster.id, from: start, to, records: written }, 'metered hours');
        // Caught up: the hour under way comes next, when it is asked for.
        return { more: to < stop || options.partial, written };
      }
      const alive = !cluster.deletedAt || cluster.deletedAt > current;
      if (options.partial && until > current && start.getTime() === current.getTime() && alive) {
        const records = await measure(tx, cluster, firstRunningAt, current, until, options.catalog);
        return { more: false, written: await store(tx, cluster, records) };
      }
      return { more: false, written: 0 };
    });
  }

  async function meterCluster(
    clusterId: number,
    until: Date,
    options: { partial: boolean; skipLocked: boolean; catalog: Catalog },
  ) {
    let written = 0;
    for (;;) {
      const step = await meterStep(clusterId, until, options);
      written += step.written;
      if (!step.more) return written;
      // Back to the event loop between weeks: the embedded database answers without ever
      // yielding to it, so a long catch-up would hold every request and log line until its end.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Meters the clusters, a few at once; one that fails does not stop the others, and is thrown after. */
  async function meterEach(
    ids: number[],
    until: Date,
    options: { partial: boolean; skipLocked: boolean },
  ) {
    const { value: catalog } = await deps.catalog.catalog();
    let written = 0;
    const failures: unknown[] = [];
    const sideBySide = createSemaphore(CLUSTERS_SIDE_BY_SIDE);
    await Promise.all(
      ids.map((id) =>
        sideBySide(() => meterCluster(id, until, { ...options, catalog })).then(
          (records) => void (written += records),
          (error: unknown) => void failures.push(error),
        ),
      ),
    );
    if (written > 0) {
      log?.info({ clusters: ids.length, records: written }, 'metered usage');
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'Metering failed for clusters');
    return { clusters: ids.length, records: written };
  }

  return {
    /**
     * Meters every hour that has ended before `now`, of every cluster; a cluster another
     * instance is metering is skipped (it will be caught up by that one, or the next pass).
     */
    async meterAll(now = new Date()) {
      return meterEach(await dueClusters(hourStart(now)), now, {
        partial: false,
        skipLocked: true,
      });
    },

    /**
     * Meters the organization's clusters up to `until` (at most now), the hour it falls in
     * included up to that moment: what a month closed "now" bills. The rest of that hour is not
     * metered later (its records exist). Waits for a cluster another instance is metering.
     * Call it outside any transaction.
     */
    async meterOrganization(organizationId: number, until: Date) {
      const now = new Date();
      const upTo = until > now ? now : until;
      return meterEach(await dueClusters(upTo, organizationId), upTo, {
        partial: true,
        skipLocked: false,
      });
    },
  };
}

export type UsageMeter = ReturnType<typeof createUsageMeter>;
