import type { Tier } from '@alpenkube/contract';
import { paths } from '@/config/paths';
import {
  clusterPageForTierName,
  tierPageTypes,
  type TierPageType,
} from '@/lib/catalog/cluster-type-catalog';

/** The cluster-type page of a tier: its slug when that is a page name, else the tier-name keyword rule. */
export function tierPageType(tier: Pick<Tier, 'slug' | 'name'>): TierPageType {
  return (tierPageTypes as string[]).includes(tier.slug)
    ? (tier.slug as TierPageType)
    : clusterPageForTierName(tier.name);
}

export function tierPagePath(tier: Pick<Tier, 'slug' | 'name'>): string {
  return paths.clusterType(tierPageType(tier));
}

/** Ordering a cluster starts the configurator with the tier chosen (it asks to sign in first). */
export function orderPath(tier: Pick<Tier, 'slug'>): string {
  return `${paths.configureCluster}?tier=${encodeURIComponent(tier.slug)}`;
}
