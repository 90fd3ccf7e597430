import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { BillingSummary, ClusterPage } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { clusterEventsQuery, clusterKeys } from '@/lib/cluster-cache';
import { queryKeyOf } from '@/lib/http';
import {
  clustersForEvents,
  countByStatus,
  countedStatuses,
  DASHBOARD_CLUSTER_PAGE,
  latestEvents,
  type StatusCounts,
} from './dashboard-clusters';

const listQuery = (query: Parameters<typeof clusterKeys.list>[0]) =>
  queryOptions<ClusterPage>({ queryKey: clusterKeys.list(query) });

/*
 * Every cluster query here is refreshed by the app's cluster push handler, so the dashboard
 * follows a build without polling.
 */

/**
 * The organization's clusters by status, from one page of the newest clusters: exact for an
 * organization with up to 100. A larger one asks each status's total instead (a one-row page
 * each), only then.
 */
export function useClusterOverview() {
  const newest = useQuery(listQuery({ sort: '-created', limit: DASHBOARD_CLUSTER_PAGE }));
  const page = newest.data;
  const partial = page !== undefined && page.total > page.items.length;
  const totals = useQueries({
    queries: countedStatuses.map((status) => ({
      ...listQuery({ status, limit: 1 }),
      enabled: partial,
    })),
    combine: (results) =>
      results.every((result) => result.data)
        ? (Object.fromEntries(
            countedStatuses.map((status, index) => [status, results[index]!.data!.total]),
          ) as StatusCounts)
        : undefined,
  });
  return {
    clusters: page?.items,
    counts: page ? (partial ? totals : countByStatus(page.items)) : undefined,
    error: newest.error,
    refetch: () => void newest.refetch(),
  };
}

/** The newest events of the few clusters most likely to have news. */
export function useLatestClusterEvents(clusters: Parameters<typeof clustersForEvents>[0] = []) {
  const ids = clustersForEvents(clusters);
  return useQueries({
    queries: ids.map((id) => clusterEventsQuery(id)),
    combine: (results) => ({
      events: results.every((result) => result.data)
        ? latestEvents(results.map((result) => result.data ?? []))
        : undefined,
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}

/**
 * The month's spend, budget and forecast: the billing page's summary (the same key, its GET
 * path), which every navigation marks stale.
 */
export const billingSummaryQuery = () =>
  queryOptions<BillingSummary>({ queryKey: queryKeyOf(endpoints.billing.summary) });

export function useBillingSummary(enabled = true) {
  return useQuery({ ...billingSummaryQuery(), enabled });
}
