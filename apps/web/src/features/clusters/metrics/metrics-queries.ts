import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClusterMetrics, MetricsRange } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';

/*
 * The key is under the cluster's path, so a push about the cluster (a node joined or removed)
 * marks the series stale with every other view of it; nothing polls.
 */
export const metricsKey = (id: number, range: MetricsRange) =>
  queryKeyOf(endpoints.clusters.metrics, id, { range });

/** The range's series once the card is in view; the last range stays while the next loads. */
export function useClusterMetrics(id: number, range: MetricsRange, enabled: boolean) {
  return useQuery<ClusterMetrics>({
    queryKey: metricsKey(id, range),
    enabled,
    placeholderData: keepPreviousData,
  });
}
