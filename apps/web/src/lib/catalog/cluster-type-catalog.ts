import { displayTierName, tierTypeForName, type TierPageType } from './tier-type';
/**
 * The cluster-type pages and what they say beyond the tier data the
 * server sends (story, use cases). Plain data: page-meta.ts and the footer-style mapping use it
 * without React.
 */

export type { TierPageType };
export type ClusterPageType = TierPageType | 'additional';

export interface ClusterTypeInfo {
  type: ClusterPageType;
  /** The tier's name when the tier list has not loaded (the fixed list of seven). */
  fallbackName: string;
  tagline: string;
  story: string;
  useCases: { title: string; text: string }[];
}

export const tierPageTypes: TierPageType[] = [
  'blue',
  'red',
  'green',
  'data',
  'ai',
  'orange',
  'sandbox',
];

/** Aliases that are not page types themselves. */
const aliasToType: Record<string, ClusterPageType> = { dev: 'orange', test: 'orange' };

/** A URL name (type or alias) to its page, or undefined for an unknown name. */
export function resolveClusterType(name: string | undefined): ClusterPageType | undefined {
  if (!name) return undefined;
  const key = name.toLowerCase();
  if (key in aliasToType) return aliasToType[key];
  if (key === 'additional' || (tierPageTypes as string[]).includes(key))
    return key as ClusterPageType;
  return undefined;
}

/** The type named by an alias path such as `/blue-cluster` or `/ai-cluster-page`. */
export function clusterTypeFromPath(pathname: string): ClusterPageType | undefined {
  const match = /^\/([a-z]+)-cluster(?:-page)?\/?$/.exec(pathname.toLowerCase());
  return resolveClusterType(match?.[1]);
}

/** The shared tier-name rule (a keyword anywhere in the name; anything else is blue). */
export const clusterPageForTierName = tierTypeForName;
export { displayTierName };

/** The tier shown on a page: matched by slug first, then by the name keywords. */
export function findTierForType<T extends { slug: string; name: string }>(
  tiers: readonly T[],
  type: TierPageType,
): T | undefined {
  return (
    tiers.find((t) => t.slug === type) ?? tiers.find((t) => clusterPageForTierName(t.name) === type)
  );
}
