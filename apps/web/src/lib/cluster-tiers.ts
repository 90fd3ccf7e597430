import { useQuery } from '@tanstack/react-query';
import type { Tier } from '@alpenkube/contract';

/** Spec section 9: the tier list is cached for 30 minutes. */
export const TIERS_STALE_MS = 30 * 60 * 1000;
export const clusterTiersQueryKey = ['/api/cluster-tiers'] as const;

/** GET /api/cluster-tiers, one query shared by the footer and the public pages. */
export function useClusterTiers() {
  return useQuery<Tier[]>({ queryKey: clusterTiersQueryKey, staleTime: TIERS_STALE_MS });
}
