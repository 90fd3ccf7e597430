import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClusterPage, UsageQuery, UsageReport } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { clusterKeys } from '@/lib/cluster-cache';
import { queryKeyOf } from '@/lib/http';

/**
 * The usage report's key is its GET path with the query (`/api/usage?from=…`), read by the
 * default query fetcher; the CSV link is the same path with `format=csv`.
 */
export const usageKeys = {
  report: (query: UsageQuery) => queryKeyOf(endpoints.usage.report, query),
};

export const usageReportQuery = (query: UsageQuery) =>
  queryOptions<UsageReport>({ queryKey: usageKeys.report(query) });

/** The report of a query, or nothing while the filters are invalid; the last one stays while the next loads. */
export function useUsageReport(query: UsageQuery | null) {
  return useQuery({
    ...usageReportQuery(query ?? { from: '', to: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** Where the same report downloads as CSV. */
export const usageCsvUrl = (query: UsageQuery) =>
  endpoints.usage.report.path({ ...query, format: 'csv' });

/** The organization's clusters for the filter, by name (the same cache as the cluster list's). */
/** The API's largest page of clusters (`CLUSTER_PAGE_MAX`, in the zod-carrying clusters module). */
const CLUSTER_CHOICES = 100;

export function useClusterChoices() {
  return useQuery({
    ...queryOptions<ClusterPage>({
      queryKey: clusterKeys.list({ sort: 'name', limit: CLUSTER_CHOICES }),
    }),
    select: (page) => page.items.map((cluster) => ({ id: cluster.id, name: cluster.name })),
  });
}
