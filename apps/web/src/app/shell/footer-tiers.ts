/** Section 2: each tier name maps to a cluster-type page by keyword, first match wins. */
const keywordPages: ReadonlyArray<[readonly string[], string]> = [
  [['blue', 'standard'], 'blue'],
  [['red', 'enterprise'], 'red'],
  [['green', 'economy'], 'green'],
  [['data'], 'data'],
  [['ai', 'ml', 'violet'], 'ai'],
  [['sandbox', 'gray'], 'sandbox'],
  [['dev', 'test', 'orange'], 'orange'],
];

/**
 * Keywords are matched against the words of the name ('AI/ML' → ai, ml), so 'Redis' is not
 * read as 'red'. Anything unmatched goes to the blue page.
 */
export function clusterTypeForTierName(name: string): string {
  const words = new Set(
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  for (const [keywords, page] of keywordPages) {
    if (keywords.some((keyword) => words.has(keyword))) return page;
  }
  return 'blue';
}

/** 'Standard (Blue)' → 'Standard': trailing parenthesised text is not displayed. */
export function stripTrailingParentheses(name: string): string {
  return name.replace(/\s*\([^()]*\)\s*$/, '').trim();
}

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

export function footerTierLinks(tiers: ReadonlyArray<{ name: string }> | null | undefined) {
  const names = tiers && tiers.length > 0 ? tiers.map((t) => t.name) : FALLBACK_TIER_NAMES;
  return names.map<FooterTierLink>((name) => ({
    label: stripTrailingParentheses(name),
    type: clusterTypeForTierName(name),
  }));
}

export const DEFAULT_VERSION_TEXT = 'v1.5.0 (loading...)';
