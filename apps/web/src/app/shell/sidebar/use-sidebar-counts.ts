import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import type { SidebarCounts } from '@alpenkube/contract';

/** Sidebar counts refetch every 30 s and go stale after 5 s. */
export const SIDEBAR_COUNTS_POLL_MS = 30_000;
export const SIDEBAR_COUNTS_STALE_MS = 5000;

export function useSidebarCounts(signedIn: boolean) {
  const query = useQuery<SidebarCounts>({
    queryKey: queryKeyOf(endpoints.platform.sidebarCounts),
    enabled: signedIn,
    refetchInterval: SIDEBAR_COUNTS_POLL_MS,
    staleTime: SIDEBAR_COUNTS_STALE_MS,
  });
  return {
    clusters: query.data?.clusters,
    orders: query.data?.orders?.total,
  };
}
