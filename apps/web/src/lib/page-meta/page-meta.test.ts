import { describe, expect, it } from 'vitest';
import { pageMetaFor, publicPageMeta } from './page-meta';

describe('publicPageMeta', () => {
  it('includes the cluster-type aliases, with -cluster-page only for the seven tiers', () => {
    expect(publicPageMeta['/dev-cluster']).toEqual(publicPageMeta['/orange-cluster']);
    expect(publicPageMeta['/additional-cluster']?.title).toMatch(/Dedicated/);
    expect(publicPageMeta['/sandbox-cluster-page']).toBeDefined();
    expect(publicPageMeta['/dev-cluster-page']).toBeUndefined();
  });

  it('ignores a trailing slash and knows nothing of private paths', () => {
    expect(pageMetaFor('/pricing/')).toEqual(publicPageMeta['/pricing']);
    expect(pageMetaFor('/dashboard')).toBeUndefined();
  });

  it('gives /privacy and /privacy-policy the same page', () => {
    expect(publicPageMeta['/privacy']).toEqual(publicPageMeta['/privacy-policy']);
  });
});
