import { useQuery } from '@tanstack/react-query';
import { publicQueries } from './public-queries';

/** GET /api/cluster-tiers, one query shared by the footer and the public pages (30 min fresh). */
export function useClusterTiers() {
  return useQuery(publicQueries.tiers());
}
