import { displayTierName, tierTypeForName } from '@/lib/catalog/tier-type';

/** Shown when no tier loads. */
export const FALLBACK_TIER_NAMES = [
  'Standard (Blue)',
  'Enterprise (Red)',
  'Economy (Green)',
  'Data Analytics',
  'AI/ML (Violet)',
  'Dev/Test (Orange)',
  'Sandbox (Gray)',
] as const;

export type FooterTierLink = { label: string; type: string };

/** The footer's cluster-type links, by the one tier-name rule (lib/catalog/tier-type.ts). */
export function footerTierLinks(tiers: ReadonlyArray<{ name: string }> | null | undefined) {
  const names = tiers && tiers.length > 0 ? tiers.map((t) => t.name) : FALLBACK_TIER_NAMES;
  return names.map<FooterTierLink>((name) => ({
    label: displayTierName(name),
    type: tierTypeForName(name),
  }));
}

export const DEFAULT_VERSION_TEXT = 'v1.5.0 (loading...)';
