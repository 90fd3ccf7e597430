import { describe, expect, it } from 'vitest';
import { DEFAULT_VERSION_TEXT, FALLBACK_TIER_NAMES, footerTierLinks } from './footer-tiers';

describe('footer tier links', () => {
  it('links each loaded tier by its name, without the trailing parenthesised text', () => {
    expect(footerTierLinks([{ name: 'DevOps (Beta)' }, { name: 'Data Analytics' }])).toEqual([
      { label: 'DevOps', type: 'orange' },
      { label: 'Data Analytics', type: 'data' },
    ]);
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
