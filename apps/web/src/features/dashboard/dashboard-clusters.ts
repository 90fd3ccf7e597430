import type { ClusterEvent, ClusterStatus, ClusterSummary } from '@alpenkube/contract';

/** The dashboard reads the newest clusters in one page of at most this many. */
export const DASHBOARD_CLUSTER_PAGE = 100;
/** Whose events the dashboard reads: a request each, so a few. */
export const EVENT_CLUSTERS = 3;
/** How many of their events it shows. */
export const LATEST_EVENTS = 8;

/** The statuses the dashboard counts, in the order a reader scans them (deleted ones go). */
export const countedStatuses = [
  'running',
  'ordered',
  'provisioning',
  'updating',
  'degraded',
  'failed',
  'deleting',
] as const satisfies readonly ClusterStatus[];
export type CountedStatus = (typeof countedStatuses)[number];

export type StatusCounts = Record<CountedStatus, number>;

export function countByStatus(clusters: readonly Pick<ClusterSummary, 'status'>[]): StatusCounts {
  const counts = Object.fromEntries(countedStatuses.map((status) => [status, 0])) as StatusCounts;
  for (const cluster of clusters) {
    if (cluster.status in counts) counts[cluster.status as CountedStatus] += 1;
  }
  return counts;
}

/**
 * Whose events are worth reading: the clusters with work under way (most recently changed
 * first), then the most recently changed others.
 */
export function clustersForEvents(
  clusters: readonly Pick<ClusterSummary, 'id' | 'operation' | 'updatedAt'>[],
  count = EVENT_CLUSTERS,
): number[] {
  return [...clusters]
    .sort(
      (a, b) =>
        Number(b.operation !== null) - Number(a.operation !== null) ||
        b.updatedAt.localeCompare(a.updatedAt) ||
        b.id - a.id,
    )
    .slice(0, count)
    .map((cluster) => cluster.id);
}

/** The newest events over several clusters' logs. */
export function latestEvents(
  logs: readonly (readonly ClusterEvent[])[],
  count = LATEST_EVENTS,
): ClusterEvent[] {
  return logs
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    .slice(0, count);
}
