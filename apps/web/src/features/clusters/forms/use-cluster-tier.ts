import { useQuery } from '@tanstack/react-query';
import { findTier } from '@/lib/catalog/cluster-config-rules';
import { publicQueries } from '@/lib/public-queries';

/**
 * The cluster's tier in the catalog (its node sizes and limits), once the catalog is loaded.
 * Only the forms need it, and the catalog rules it reads bring the contract's configuration
 * schema, which the page itself does without.
 */
export function useClusterTier(slug: string) {
  const catalog = useQuery(publicQueries.catalog()).data;
  return catalog ? findTier(catalog, slug) : undefined;
}
