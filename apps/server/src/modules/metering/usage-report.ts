import { eq, gte, lte, sql, type Column } from 'drizzle-orm';
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
import { clusters, usageDaily } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';

export interface UsageReportQuery {
  from: string;
  to: string;
  groupBy: UsageGrouping;
  clusterId?: number;
}

const metricOrder = (metric: UsageMetric) => usageMetrics.indexOf(metric);
const total = (column: Column) => sql<string>`sum(${column})`;

/**
 * An organization's usage between two days (both included, UTC), grouped by day, cluster or
 * metric, read from the daily rollup only: a year is at most 366 rows per cluster and metric.
 * Each row's cost is its millicents rounded once to cents; the total rounds the sum of all of
 * them once, so it is the same whichever grouping is asked for.
 */
export async function usageReport(
  db: Db,
  organizationId: number,
  query: UsageReportQuery,
): Promise<UsageReport> {
  if (query.clusterId !== undefined) {
    const [cluster] = await db
      .select({ id: clusters.id })
      .from(clusters)
      .where(inOrganization(clusters, organizationId, eq(clusters.id, query.clusterId)));
    if (!cluster) throw notFound('Cluster not found');
  }
  const where = inOrganization(
    usageDaily,
    organizationId,
    gte(usageDaily.day, query.from),
    lte(usageDaily.day, query.to),
    query.clusterId === undefined ? undefined : eq(usageDaily.clusterId, query.clusterId),
  );
  const sums = {
    metric: usageDaily.metric,
    quantity: total(usageDaily.quantityMilli),
    billable: total(usageDaily.billableMilli),
    cost: total(usageDaily.costMillicents),
  };

  type Summed = { metric: UsageMetric; quantity: string; billable: string; cost: string };
  let grouped: (Summed & { day?: string; clusterId?: number; clusterName?: string })[];
  if (query.groupBy === 'day') {
    grouped = await db
      .select({ day: usageDaily.day, ...sums })
      .from(usageDaily)
      .where(where)
      .groupBy(usageDaily.day, usageDaily.metric);
  } else if (query.groupBy === 'cluster') {
    grouped = await db
      .select({ clusterId: usageDaily.clusterId, clusterName: clusters.name, ...sums })
      .from(usageDaily)
      .innerJoin(clusters, eq(clusters.id, usageDaily.clusterId))
      .where(where)
      .groupBy(usageDaily.clusterId, clusters.name, usageDaily.metric);
  } else {
    grouped = await db.select(sums).from(usageDaily).where(where).groupBy(usageDaily.metric);
  }

  let totalMillicents = 0;
  const rows: UsageRow[] = grouped.map((row) => {
    totalMillicents += Number(row.cost);
    return {
      day: row.day ?? null,
      clusterId: row.clusterId ?? null,
      clusterName: row.clusterName ?? null,
      metric: row.metric,
      quantity: Number(row.quantity) / 1000,
      billableQuantity: Number(row.billable) / 1000,
      cost: millicentsToCents(Number(row.cost)),
    };
  });
  rows.sort(
    (a, b) =>
      (a.day ?? '').localeCompare(b.day ?? '') ||
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
  };
}

/** A field as a spreadsheet reads it: quoted when it must be, never taken for a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_HEADER = [
  'day',
  'cluster_id',
  'cluster',
  'metric',
  'unit',
  'quantity',
  'billable_quantity',
  'cost_usd',
];

/** The report's rows as CSV (a header row, then one line per row; amounts in dollars). */
export function usageCsv(report: UsageReport): string {
  const lines = [CSV_HEADER.join(',')];
  for (const row of report.rows) {
    lines.push(
      [
        row.day,
        row.clusterId,
        row.clusterName,
        row.metric,
        usageMetricLabels[row.metric].unit,
        row.quantity.toFixed(3),
        row.billableQuantity.toFixed(3),
        (row.cost / 100).toFixed(2),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
