import { and, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type Column } from 'drizzle-orm';
import {
  millicentsToCents,
  usageMetricLabels,
  usageMetrics,
  type UsageGrouping,
  type UsageMetric,
  type UsageReport,
  type UsageRow,
} from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusterLoadBalancers, clusters } from '../clusters/schema.ts';
import { billedResourcesOf, clusterIdsTagged } from '../clusters/index.ts';
import { usageDaily, usageMonthly, usageOrganizationDaily } from './schema.ts';
import { csvField } from '../../lib/csv.ts';
import { notFound } from '../../lib/http-error.ts';

export interface UsageReportQuery {
  from: string;
  to: string;
  groupBy: UsageGrouping;
  clusterId?: number;
  /** Only the clusters carrying this tag (deleted ones included: their usage stays theirs). */
  tag?: string;
}

/** The clusters a report is about: one, those of a tag, or (undefined) all of them. */
async function clustersInScope(
  db: Db,
  organizationId: number,
  query: UsageReportQuery,
): Promise<number[] | undefined> {
  if (query.tag === undefined) {
    return query.clusterId === undefined ? undefined : [query.clusterId];
  }
  const tagged = await clusterIdsTagged(db, organizationId, query.tag);
  return query.clusterId === undefined ? tagged : tagged.filter((id) => id === query.clusterId);
}

const metricOrder = (metric: UsageMetric) => usageMetrics.indexOf(metric);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const total = (column: Column) => sql<string>`sum(${column})`;

interface Summed {
  metric: UsageMetric;
  quantity: string | number;
  billable: string | number;
  cost: string | number;
  day?: string;
  clusterId?: number;
}

/** The last day of a month ('2026-02' → '2026-02-28'). */
const lastDayOf = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);

const nextMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1))
    .toISOString()
    .slice(0, 7);

const previousMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1))
    .toISOString()
    .slice(0, 7);

/**
 * The whole months inside [from, to] (both days included), if any: a range from March 10 to
 * June 20 holds April and May.
 */
export function wholeMonths(from: string, to: string): { first: string; last: string } | null {
  const first = from.endsWith('-01') ? from.slice(0, 7) : nextMonth(from.slice(0, 7));
  const last = lastDayOf(to.slice(0, 7)) === to ? to.slice(0, 7) : previousMonth(to.slice(0, 7));
  return first <= last ? { first, last } : null;
}

/**
 * The sums per cluster and metric over [from, to]: whole months from usage_monthly, the days
 * before and after them from usage_daily. A year of 50 clusters reads about 10,000 rows instead
 * of 90,000.
 */
async function byCluster(
  db: Db,
  organizationId: number,
  query: UsageReportQuery,
  scope: number[] | undefined,
): Promise<Summed[]> {
  const months = wholeMonths(query.from, query.to);
  const cluster = (column: Column) => (scope === undefined ? undefined : inArray(column, scope));
  const days = months
    ? or(
        and(gte(usageDaily.day, query.from), lt(usageDaily.day, `${months.first}-01`)),
        and(gt(usageDaily.day, lastDayOf(months.last)), lte(usageDaily.day, query.to)),
      )
    : and(gte(usageDaily.day, query.from), lte(usageDaily.day, query.to));
  const [fromDays, fromMonths] = await Promise.all([
    db
      .select({
        clusterId: usageDaily.clusterId,
        metric: usageDaily.metric,
        quantity: total(usageDaily.quantityMilli),
        billable: total(usageDaily.billableMilli),
        cost: total(usageDaily.costMillicents),
      })
      .from(usageDaily)
      .where(inOrganization(usageDaily, organizationId, days, cluster(usageDaily.clusterId)))
      .groupBy(usageDaily.clusterId, usageDaily.metric),
    months
      ? db
          .select({
            clusterId: usageMonthly.clusterId,
            metric: usageMonthly.metric,
            quantity: total(usageMonthly.quantityMilli),
            billable: total(usageMonthly.billableMilli),
            cost: total(usageMonthly.costMillicents),
          })
          .from(usageMonthly)
          .where(
            inOrganization(
              usageMonthly,
              organizationId,
              gte(usageMonthly.month, months.first),
              lte(usageMonthly.month, months.last),
              cluster(usageMonthly.clusterId),
            ),
          )
          .groupBy(usageMonthly.clusterId, usageMonthly.metric)
      : Promise.resolve([]),
  ]);
  const merged = new Map<string, Summed>();
  for (const row of [...fromDays, ...fromMonths]) {
    const key = `${row.clusterId} ${row.metric}`;
    const sum = merged.get(key);
    if (!sum) {
      merged.set(key, { ...row });
      continue;
    }
    sum.quantity = Number(sum.quantity) + Number(row.quantity);
    sum.billable = Number(sum.billable) + Number(row.billable);
    sum.cost = Number(sum.cost) + Number(row.cost);
  }
  return [...merged.values()];
}

/**
 * An organization's usage between two days (both included, UTC), grouped by day, cluster or
 * metric, read from the rollups only (never the hourly records): by day or metric from the
 * organization's daily sums (or the cluster's days, for one cluster), by cluster from its
 * months and the days around them. Each row's cost is its millicents rounded once to cents; the
 * total rounds the sum of all of them once, so it is the same whichever grouping is asked for.
 */
export async function usageReport(
  db: Db,
  organizationId: number,
  query: UsageReportQuery,
): Promise<UsageReport> {
  let names = new Map<number, string>();
  if (query.clusterId !== undefined) {
    const [cluster] = await db
      .select({ id: clusters.id, name: clusters.name })
      .from(clusters)
      .where(inOrganization(clusters, organizationId, eq(clusters.id, query.clusterId)));
    if (!cluster) throw notFound('Cluster not found');
    names = new Map([[cluster.id, cluster.name]]);
  }

  const scope = await clustersInScope(db, organizationId, query);
  let grouped: Summed[];
  if (scope !== undefined && scope.length === 0) {
    // A tag no cluster (or not this one) carries: nothing to read.
    grouped = [];
  } else if (query.groupBy === 'cluster') {
    grouped = await byCluster(db, organizationId, query, scope);
    if (query.clusterId === undefined && grouped.length > 0) {
      const ids = [...new Set(grouped.map((row) => row.clusterId!))];
      const rows = await db
        .select({ id: clusters.id, name: clusters.name })
        .from(clusters)
        .where(inOrganization(clusters, organizationId, inArray(clusters.id, ids)));
      names = new Map(rows.map((row) => [row.id, row.name]));
    }
  } else if (scope !== undefined && scope.length > 1) {
    // The clusters of a tag: their days summed per day (or over the range) and metric.
    const where = inOrganization(
      usageDaily,
      organizationId,
      inArray(usageDaily.clusterId, scope),
      gte(usageDaily.day, query.from),
      lte(usageDaily.day, query.to),
    );
    const sums = {
      metric: usageDaily.metric,
      quantity: total(usageDaily.quantityMilli),
      billable: total(usageDaily.billableMilli),
      cost: total(usageDaily.costMillicents),
    };
    grouped =
      query.groupBy === 'day'
        ? await db
            .select({ day: usageDaily.day, ...sums })
            .from(usageDaily)
            .where(where)
            .groupBy(usageDaily.day, usageDaily.metric)
        : await db.select(sums).from(usageDaily).where(where).groupBy(usageDaily.metric);
  } else if (scope !== undefined) {
    // One cluster: at most 366 of its days per metric.
    const where = inOrganization(
      usageDaily,
      organizationId,
      eq(usageDaily.clusterId, scope[0]!),
      gte(usageDaily.day, query.from),
      lte(usageDaily.day, query.to),
    );
    const sums = {
      metric: usageDaily.metric,
      quantity: total(usageDaily.quantityMilli),
      billable: total(usageDaily.billableMilli),
      cost: total(usageDaily.costMillicents),
    };
    // Its days are one row each per metric already: no grouping to do.
    grouped =
      query.groupBy === 'day'
        ? await db
            .select({
              day: usageDaily.day,
              metric: usageDaily.metric,
              quantity: usageDaily.quantityMilli,
              billable: usageDaily.billableMilli,
              cost: usageDaily.costMillicents,
            })
            .from(usageDaily)
            .where(where)
        : await db.select(sums).from(usageDaily).where(where).groupBy(usageDaily.metric);
  } else {
    // The organization's own daily sums: 366 rows per metric for a year.
    const where = inOrganization(
      usageOrganizationDaily,
      organizationId,
      gte(usageOrganizationDaily.day, query.from),
      lte(usageOrganizationDaily.day, query.to),
    );
    grouped =
      query.groupBy === 'day'
        ? await db
            .select({
              day: usageOrganizationDaily.day,
              metric: usageOrganizationDaily.metric,
              quantity: usageOrganizationDaily.quantityMilli,
              billable: usageOrganizationDaily.billableMilli,
              cost: usageOrganizationDaily.costMillicents,
            })
            .from(usageOrganizationDaily)
            .where(where)
        : await db
            .select({
              metric: usageOrganizationDaily.metric,
              quantity: total(usageOrganizationDaily.quantityMilli),
              billable: total(usageOrganizationDaily.billableMilli),
              cost: total(usageOrganizationDaily.costMillicents),
            })
            .from(usageOrganizationDaily)
            .where(where)
            .groupBy(usageOrganizationDaily.metric);
  }

  let totalMillicents = 0;
  const rows: UsageRow[] = grouped.map((row) => {
    totalMillicents += Number(row.cost);
    return {
      day: row.day ?? null,
      clusterId: row.clusterId ?? null,
      clusterName: row.clusterId === undefined ? null : (names.get(row.clusterId) ?? null),
      metric: row.metric,
      quantity: Number(row.quantity) / 1000,
      billableQuantity: Number(row.billable) / 1000,
      cost: millicentsToCents(Number(row.cost)),
    };
  });
  rows.sort(
    (a, b) =>
      compare(a.day ?? '', b.day ?? '') ||
      (a.clusterName ?? '').localeCompare(b.clusterName ?? '') ||
      (a.clusterId ?? 0) - (b.clusterId ?? 0) ||
      metricOrder(a.metric) - metricOrder(b.metric),
  );
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    currency: 'USD',
    totalCost: millicentsToCents(totalMillicents),
    rows,
    simulatedEgress:
      rows.some((row) => row.metric === 'egress_gb') &&
      (await simulatedEgressIn(db, organizationId, query, scope)),
  };
}

/** Whether a load balancer with generated traffic (a simulated provider's) ran in the range. */
async function simulatedEgressIn(
  db: Db,
  organizationId: number,
  query: UsageReportQuery,
  scope: number[] | undefined,
) {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000);
  const [found] = await db
    .select({ id: clusterLoadBalancers.id })
    .from(clusterLoadBalancers)
    .innerJoin(clusters, eq(clusters.id, clusterLoadBalancers.clusterId))
    .where(
      inOrganization(
        clusters,
        organizationId,
        scope !== undefined ? inArray(clusters.id, scope) : undefined,
        eq(clusterLoadBalancers.simulated, true),
        lt(clusterLoadBalancers.createdAt, to),
        or(isNull(clusterLoadBalancers.deletedAt), gt(clusterLoadBalancers.deletedAt, from)),
      ),
    )
    .limit(1);
  return found !== undefined;
}

const CSV_HEADER = [
  'day',
  'cluster_id',
  'cluster',
  'metric',
  'resource',
  'unit',
  'quantity',
  'billable_quantity',
  'cost_usd',
  'tags',
];

/**
 * The report's rows as CSV (a header row, then one line per row; amounts in dollars), each
 * naming what it billed (`resource`: "Storage of persistent volumes data (100 GB)") and, last,
 * the tags of its cluster, space-separated (a tag holds no space), for cost allocation.
 */
export function usageCsv(
  report: UsageReport,
  resource: (row: UsageRow) => string = (row) => usageMetricLabels[row.metric].name,
  tags: (row: UsageRow) => string[] = () => [],
): string {
  const lines = [CSV_HEADER.join(',')];
  for (const row of report.rows) {
    lines.push(
      [
        row.day,
        row.clusterId,
        row.clusterName,
        row.metric,
        resource(row),
        usageMetricLabels[row.metric].unit,
        row.quantity.toFixed(3),
        row.billableQuantity.toFixed(3),
        (row.cost / 100).toFixed(2),
        tags(row).join(' '),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The CSV of a report with each row's resource named: a row of one cluster names what it had
 * in the row's days; a row of several (by day or metric) names each cluster's ("web: …; api: …").
 */
export async function namedUsageCsv(
  db: Db,
  organizationId: number,
  report: UsageReport,
  filter: { clusterId?: number; tag?: string } = {},
): Promise<string> {
  const { clusterId } = filter;
  const from = new Date(`${report.from}T00:00:00Z`);
  const to = new Date(new Date(`${report.to}T00:00:00Z`).getTime() + 86_400_000);
  const scope = filter.tag ? await clusterIdsTagged(db, organizationId, filter.tag) : undefined;
  const owned = await db
    .select({ id: clusters.id, name: clusters.name, tags: clusters.tags })
    .from(clusters)
    .where(
      inOrganization(
        clusters,
        organizationId,
        clusterId ? eq(clusters.id, clusterId) : undefined,
        scope ? inArray(clusters.id, scope.length ? scope : [-1]) : undefined,
      ),
    )
    .orderBy(clusters.name, clusters.id);
  const tagsOf = new Map(owned.map((cluster) => [cluster.id, cluster.tags]));
  // A row of one cluster carries its tags; a row of several, the tags all of them share.
  const shared = owned.length
    ? owned[0]!.tags.filter((tag) => owned.every((cluster) => cluster.tags.includes(tag)))
    : [];
  const resources = await billedResourcesOf(
    db,
    owned.map((row) => row.id),
    from,
    to,
  );
  return usageCsv(
    report,
    (row) => {
      const dayFrom = row.day ? new Date(`${row.day}T00:00:00Z`) : from;
      const dayTo = row.day ? new Date(dayFrom.getTime() + 86_400_000) : to;
      const bare = usageMetricLabels[row.metric].name;
      const one = row.clusterId ?? (clusterId && owned.length === 1 ? clusterId : null);
      if (one !== null) return resources.describe(one, row.metric, dayFrom, dayTo);
      const named = owned
        .map((cluster) => ({
          name: cluster.name,
          text: resources.describe(cluster.id, row.metric, dayFrom, dayTo),
        }))
        .filter((entry) => entry.text !== bare)
        .map((entry) => `${entry.name}: ${entry.text}`);
      return named.length ? named.join('; ') : bare;
    },
    (row) => (row.clusterId !== null ? (tagsOf.get(row.clusterId) ?? []) : shared),
  );
}
