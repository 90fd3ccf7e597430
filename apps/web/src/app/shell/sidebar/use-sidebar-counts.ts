import { useQuery } from '@tanstack/react-query';

/** Section 9: sidebar counts refetch every 30 s and go stale after 5 s. */
export const SIDEBAR_COUNTS_POLL_MS = 30_000;
export const SIDEBAR_COUNTS_STALE_MS = 5000;

type SidebarCountsAnswer = { clusters?: number; orders?: { total?: number | string } };

export function useSidebarCounts(signedIn: boolean) {
  const query = useQuery<SidebarCountsAnswer>({
    queryKey: ['/api/sidebar-counts'],
    enabled: signedIn,
    refetchInterval: SIDEBAR_COUNTS_POLL_MS,
    staleTime: SIDEBAR_COUNTS_STALE_MS,
  });
  return {
    clusters: query.data?.clusters,
    orders: query.data?.orders?.total,
  };
}
