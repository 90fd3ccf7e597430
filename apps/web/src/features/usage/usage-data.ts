import type { UsageRow } from '@alpenkube/contract';
import { usageMetrics, type UsageMetric } from '@alpenkube/contract/usage-metrics';

/*
 * The usage report's rows shaped for the charts and their tables. The API answers one row per
 * group (a day, a cluster or nothing) and metric; a group may miss a metric and a day without
 * usage has no row at all, so each shape fills in the zeros its chart draws.
 */

type MetricRecord = Record<UsageMetric, number>;

const zeros = (): MetricRecord =>
  Object.fromEntries(usageMetrics.map((metric) => [metric, 0])) as MetricRecord;

/** Quantities carry three decimals at most: sums are rounded back to them. */
const thousandths = (value: number) => Math.round(value * 1000) / 1000;

export interface DayCost {
  day: string;
  /** Cents of each metric's cost that day. */
  byMetric: MetricRecord;
  total: number;
}

/** Each day's cost by metric, every day of `days` (those without usage at zero). */
export function costByDay(rows: readonly UsageRow[], days: readonly string[]): DayCost[] {
  const byDay = new Map(days.map((day) => [day, zeros()]));
  for (const row of rows) {
    const costs = row.day === null ? undefined : byDay.get(row.day);
    if (costs) costs[row.metric] += row.cost;
  }
  return days.map((day) => {
    const byMetric = byDay.get(day)!;
    return { day, byMetric, total: usageMetrics.reduce((sum, m) => sum + byMetric[m], 0) };
  });
}

export interface DayQuantity {
  day: string;
  quantity: number;
  billable: number;
  /** What ran within the prepaid period: `quantity − billable`. */
  prepaid: number;
  cost: number;
}

/** One metric's daily quantity, its billable part and cost, every day of `days`. */
export function quantityByDay(
  rows: readonly UsageRow[],
  days: readonly string[],
  metric: UsageMetric,
): DayQuantity[] {
  const byDay = new Map(days.map((day) => [day, { quantity: 0, billable: 0, cost: 0 }]));
  for (const row of rows) {
    const sums = row.metric === metric && row.day !== null ? byDay.get(row.day) : undefined;
    if (!sums) continue;
    sums.quantity += row.quantity;
    sums.billable += row.billableQuantity;
    sums.cost += row.cost;
  }
  return days.map((day) => {
    const sums = byDay.get(day)!;
    const quantity = thousandths(sums.quantity);
    const billable = thousandths(sums.billable);
    return {
      day,
      quantity,
      billable,
      prepaid: thousandths(Math.max(0, quantity - billable)),
      cost: sums.cost,
    };
  });
}

export interface ClusterCost {
  /** Null for usage the API could not put on a cluster. */
  clusterId: number | null;
  name: string;
  byMetric: MetricRecord;
  total: number;
}

/** The name of a cluster in a report: its own, or its number once it is gone. */
export const clusterLabel = (clusterId: number | null, name: string | null) =>
  name ?? (clusterId === null ? 'Other usage' : `Cluster #${clusterId}`);

/** Each cluster's cost by metric, the most expensive first (then by name). */
export function costByCluster(rows: readonly UsageRow[]): ClusterCost[] {
  const clusters = new Map<number | null, ClusterCost>();
  for (const row of rows) {
    let cluster = clusters.get(row.clusterId);
    if (!cluster) {
      cluster = {
        clusterId: row.clusterId,
        name: clusterLabel(row.clusterId, row.clusterName),
        byMetric: zeros(),
        total: 0,
      };
      clusters.set(row.clusterId, cluster);
    }
    cluster.byMetric[row.metric] += row.cost;
    cluster.total += row.cost;
  }
  return [...clusters.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

export interface MetricTotal {
  metric: UsageMetric;
  quantity: number;
  billable: number;
  cost: number;
}

/** Each metric's totals over the rows, in the contract's order, metrics without usage left out. */
export function totalsByMetric(rows: readonly UsageRow[]): MetricTotal[] {
  const totals = new Map<UsageMetric, MetricTotal>();
  for (const row of rows) {
    const total = totals.get(row.metric) ?? {
      metric: row.metric,
      quantity: 0,
      billable: 0,
      cost: 0,
    };
    total.quantity += row.quantity;
    total.billable += row.billableQuantity;
    total.cost += row.cost;
    totals.set(row.metric, total);
  }
  return usageMetrics.flatMap((metric) => {
    const total = totals.get(metric);
    if (!total) return [];
    return [
      { ...total, quantity: thousandths(total.quantity), billable: thousandths(total.billable) },
    ];
  });
}

/** The metrics that cost something in these figures, in the contract's order: a chart's series. */
export function costedMetrics(figures: readonly { byMetric: MetricRecord }[]): UsageMetric[] {
  return usageMetrics.filter((metric) => figures.some((figure) => figure.byMetric[metric] !== 0));
}

/** Whether the report has anything to show: no row, or only rows of nothing, is "no usage". */
export const hasUsage = (rows: readonly UsageRow[]) =>
  rows.some((row) => row.quantity !== 0 || row.cost !== 0);

/** '1,234.5': a quantity with up to three decimals, as the API gives it. */
export const formatQuantity = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: 3 });
