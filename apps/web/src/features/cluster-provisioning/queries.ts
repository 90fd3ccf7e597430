import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { ClusterPage } from '@alpenkube/contract';
import { clusterDetailQuery, clusterEventsQuery, clusterKeys } from '@/lib/cluster-cache';

/*
 * The page reads the shared cluster cache; the app's cluster push handler refreshes it (a new
 * event joins the log, the cluster is fetched again), so nothing here polls.
 */

export function useCluster(id: number | null) {
  return useQuery({ ...clusterDetailQuery(id ?? 0), enabled: id !== null });
}

export function useClusterEvents(id: number | null) {
  return useQuery({ ...clusterEventsQuery(id ?? 0), enabled: id !== null });
}

const buildingStatuses = ['provisioning', 'ordered'] as const;

/** The organization's clusters being built or about to be, the ones in progress first. */
export function useClustersInProgress() {
  return useQueries({
    queries: buildingStatuses.map((status) =>
      queryOptions<ClusterPage>({ queryKey: clusterKeys.list({ status, sort: '-created' }) }),
    ),
    combine: (results) => ({
      clusters: results.every((result) => result.data)
        ? results.flatMap((result) => result.data?.items ?? [])
        : undefined,
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    }),
  });
}
