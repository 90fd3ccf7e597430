import type { Tier } from '@alpenkube/contract';
import { paths } from '@/config/paths';

/**
 * The price estimator with the tier chosen: the full price with pools, add-ons and support. Kept
 * out of tier-links, which the home page loads at the edge of its weight budget.
 */
export function estimatePath(tier: Pick<Tier, 'slug'>): string {
  return `${paths.priceEstimator}?tier=${encodeURIComponent(tier.slug)}`;
}
