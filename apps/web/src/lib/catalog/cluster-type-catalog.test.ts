import { describe, expect, it } from 'vitest';
import {
  clusterPageForTierName,
  clusterTypeFromPath,
  displayTierName,
  findTierForType,
  resolveClusterType,
} from './cluster-type-catalog';

describe('clusterPageForTierName (the footer keywords)', () => {
  it.each([
    ['Standard (Blue)', 'blue'],
    ['Enterprise (Red)', 'red'],
    ['Economy (Green)', 'green'],
    ['Data Analytics', 'data'],
    ['AI/ML (Violet)', 'ai'],
    ['Dev/Test (Orange)', 'orange'],
    ['Sandbox (Gray)', 'sandbox'],
    ['Something new', 'blue'],
  ])('%s → %s', (name, page) => {
    expect(clusterPageForTierName(name)).toBe(page);
  });

  it('matches a keyword anywhere in the name, as the footer does', () => {
    expect(clusterPageForTierName('DevOps')).toBe('orange');
  });
});

describe('aliases', () => {
  it('maps dev and test to orange, keeps the others, refuses unknown names', () => {
    expect(resolveClusterType('dev')).toBe('orange');
    expect(resolveClusterType('TEST')).toBe('orange');
    expect(resolveClusterType('additional')).toBe('additional');
    expect(resolveClusterType('purple')).toBeUndefined();
    expect(resolveClusterType(undefined)).toBeUndefined();
  });

  it('reads the type from alias paths', () => {
    expect(clusterTypeFromPath('/blue-cluster')).toBe('blue');
    expect(clusterTypeFromPath('/ai-cluster-page')).toBe('ai');
    expect(clusterTypeFromPath('/test-cluster')).toBe('orange');
    expect(clusterTypeFromPath('/pricing')).toBeUndefined();
  });
});

describe('tiers', () => {
  it('strips trailing parenthesised text from names', () => {
    expect(displayTierName('Standard (Blue)')).toBe('Standard');
    expect(displayTierName('Data Analytics')).toBe('Data Analytics');
  });

  it('finds a tier by slug first, then by name', () => {
    const tiers = [
      { slug: 'standard', name: 'Standard (Blue)' },
      { slug: 'gpu', name: 'AI/ML (Violet)' },
      { slug: 'ai', name: 'Legacy' },
    ];
    expect(findTierForType(tiers, 'ai')?.name).toBe('Legacy');
    expect(findTierForType(tiers, 'blue')?.slug).toBe('standard');
    expect(findTierForType(tiers, 'red')).toBeUndefined();
  });
});
