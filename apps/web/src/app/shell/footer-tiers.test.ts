import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VERSION_TEXT,
  FALLBACK_TIER_NAMES,
  clusterTypeForTierName,
  footerTierLinks,
  stripTrailingParentheses,
} from './footer-tiers';

describe('footer tier mapping', () => {
  it.each([
    ['Standard (Blue)', 'blue'],
    ['Enterprise (Red)', 'red'],
    ['Economy (Green)', 'green'],
    ['Data Analytics', 'data'],
    ['AI/ML (Violet)', 'ai'],
    ['Dev/Test (Orange)', 'orange'],
    ['Sandbox (Gray)', 'sandbox'],
    ['Machine Learning ML', 'ai'],
    ['Test bench', 'orange'],
    ['Something else', 'blue'],
    ['DevOps', 'orange'],
  ])('%s → %s', (name, page) => {
    expect(clusterTypeForTierName(name)).toBe(page);
  });

  it('strips trailing parenthesised text', () => {
    expect(stripTrailingParentheses('Standard (Blue)')).toBe('Standard');
    expect(stripTrailingParentheses('AI/ML (Violet)')).toBe('AI/ML');
    expect(stripTrailingParentheses('Data Analytics')).toBe('Data Analytics');
  });

  it('falls back to the seven fixed tiers when none load', () => {
    expect(FALLBACK_TIER_NAMES).toHaveLength(7);
    expect(footerTierLinks([])).toEqual([
      { label: 'Standard', type: 'blue' },
      { label: 'Enterprise', type: 'red' },
      { label: 'Economy', type: 'green' },
      { label: 'Data Analytics', type: 'data' },
      { label: 'AI/ML', type: 'ai' },
      { label: 'Dev/Test', type: 'orange' },
      { label: 'Sandbox', type: 'sandbox' },
    ]);
    expect(footerTierLinks(null)).toHaveLength(7);
  });

  it("shows 'v1.5.0 (loading...)' until the version loads", () => {
    expect(DEFAULT_VERSION_TEXT).toBe('v1.5.0 (loading...)');
  });
});
