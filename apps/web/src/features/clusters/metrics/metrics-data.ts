import type { ClusterMetrics, MetricsRange } from '@alpenkube/contract';

export const metricsRangeLabels: Record<MetricsRange, string> = {
  '1h': '1 h',
  '24h': '24 h',
  '7d': '7 d',
};

/** One resource's series as a chart draws it: a value per point (null: no sample). */
export interface ResourceSeries {
  values: (number | null)[];
  allocatable: number;
}

/** The cluster's total, or one node's series when `node` names one of its nodes. */
export function seriesOf(metrics: ClusterMetrics, node: string | null) {
  const source = metrics.nodes.find((candidate) => candidate.name === node) ?? metrics.total;
  return {
    cpu: { values: source.cpuMillis, allocatable: source.cpuAllocatableMillis },
    memory: { values: source.memoryBytes, allocatable: source.memoryAllocatableBytes },
  };
}

export interface SeriesSummary {
  latest: number;
  average: number;
  peak: number;
}

/** The latest sample, the mean and the peak of the points that have one; null for none. */
export function summaryOf(values: readonly (number | null)[]): SeriesSummary | null {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return null;
  return {
    latest: present.at(-1)!,
    average: present.reduce((sum, value) => sum + value, 0) / present.length,
    peak: Math.max(...present),
  };
}

/** The time of point `index`. */
export const pointTime = (metrics: Pick<ClusterMetrics, 'from' | 'stepSeconds'>, index: number) =>
  new Date(new Date(metrics.from).getTime() + index * metrics.stepSeconds * 1000);

/** Millicores for people: "0.25 cores", "12.4 cores". */
export function formatCores(millis: number): string {
  const cores = millis / 1000;
  return `${cores.toFixed(cores < 10 ? 2 : 1)} ${cores === 1 ? 'core' : 'cores'}`;
}

const GIB = 1024 ** 3;

/** Bytes for people, in GiB (MiB below one): "3.2 GiB", "512 MiB". */
export function formatMemory(bytes: number): string {
  if (bytes < GIB) return `${Math.round(bytes / 1024 ** 2)} MiB`;
  return `${(bytes / GIB).toFixed(bytes < 100 * GIB ? 1 : 0)} GiB`;
}

/** A share of what is allocatable: "42%". */
export const percentOf = (value: number, allocatable: number) =>
  allocatable > 0 ? `${Math.round((value / allocatable) * 100)}%` : '–';

/** An axis tick in cores or GiB, without the unit the chart's caption names. */
export const axisTick = (value: number) => `${Number(value.toFixed(2))}`;

/** A time tick: the hour and minute for a day or less, the weekday and day for a week. */
export function timeTick(range: MetricsRange, at: Date): string {
  return range === '7d'
    ? at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })
    : at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
