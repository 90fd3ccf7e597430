import { useQuery } from '@tanstack/react-query';
import type { Tier } from '@alpenkube/contract';

/** Spec section 9: the tier list is cached for 30 minutes. */
export const TIERS_STALE_TIME_MS = 30 * 60 * 1000;
export const clusterTiersQueryKey = ['/api/cluster-tiers'] as const;

/** GET /api/cluster-tiers through the app's default query fetcher (same key as the footer's). */
export function useClusterTiers() {
  return useQuery<Tier[]>({ queryKey: clusterTiersQueryKey, staleTime: TIERS_STALE_TIME_MS });
}
