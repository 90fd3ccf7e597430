/** The cluster-type pages a tier can lead to. */
export type TierPageType = 'blue' | 'red' | 'green' | 'data' | 'ai' | 'orange' | 'sandbox';

/**
 * A tier's page by the keywords of its name, in this order, the first match winning. A keyword
 * counts anywhere in the name, inside a word too: a "DevOps" tier is orange.
 */
export const tierKeywords: ReadonlyArray<readonly [readonly string[], TierPageType]> = [
  [['blue', 'standard'], 'blue'],
  [['red', 'enterprise'], 'red'],
  [['green', 'economy'], 'green'],
  [['data'], 'data'],
  [['ai', 'ml', 'violet'], 'ai'],
  [['sandbox', 'gray'], 'sandbox'],
  [['dev', 'test', 'orange'], 'orange'],
];

/** The one rule for the footer and the cluster-type pages: keyword table above, else blue. */
export function tierTypeForName(name: string): TierPageType {
  const lower = name.toLowerCase();
  for (const [keywords, page] of tierKeywords) {
    if (keywords.some((keyword) => lower.includes(keyword))) return page;
  }
  return 'blue';
}

/** 'Standard (Blue)' → 'Standard': trailing parenthesised text is not displayed. */
export function displayTierName(name: string): string {
  return name.replace(/\s*\([^()]*\)\s*$/, '').trim();
}
