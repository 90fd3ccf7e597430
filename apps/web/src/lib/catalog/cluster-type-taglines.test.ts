import { describe, expect, it } from 'vitest';
import { tierPageTypes } from './cluster-type-catalog';
import { clusterTypeCopy } from './cluster-type-copy';
import { clusterTypeTaglines } from './cluster-type-taglines';

describe('cluster-type taglines', () => {
  it('cover the seven tiers and additional', () => {
    expect(Object.keys(clusterTypeTaglines).sort()).toEqual(
      [...tierPageTypes, 'additional'].sort(),
    );
  });

  it('are each page type under its own key', () => {
    for (const [key, tagline] of Object.entries(clusterTypeTaglines))
      expect(tagline.type).toBe(key);
  });

  it('are the name and tagline of the full copy, which adds the story', () => {
    for (const [key, copy] of Object.entries(clusterTypeCopy)) {
      expect(copy).toMatchObject(clusterTypeTaglines[key as keyof typeof clusterTypeTaglines]);
      expect(copy.story.length).toBeGreaterThan(0);
      expect(copy.useCases.length).toBeGreaterThan(0);
    }
  });
});
