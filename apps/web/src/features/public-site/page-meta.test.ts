import { describe, expect, it } from 'vitest';
import { publicSiteRoutes } from './routes';
import { pageMetaFor, publicPageMeta } from './page-meta';
import { tutorials } from './content/tutorial-index';
import { clusterTypeAliases } from './cluster-types/cluster-type-routes';

/** Every concrete path the public routes serve, with parameters expanded to their known values. */
function concretePaths(): string[] {
  return publicSiteRoutes.flatMap((route) => {
    if (route.index) return ['/'];
    const path = `/${route.path}`;
    if (path === '/tutorials/:slug') return tutorials.map((t) => `/tutorials/${t.slug}`);
    if (path === '/cluster-types/:type')
      return clusterTypeAliases.map((a) => `/cluster-types/${a}`);
    return [path];
  });
}

describe('publicPageMeta', () => {
  it('has a title and a description for every public route', () => {
    const paths = concretePaths();
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) {
      const meta = publicPageMeta[path];
      expect(meta, path).toBeDefined();
      expect(meta!.title, path).toMatch(/Alpenkube/);
      expect(meta!.description.length, path).toBeGreaterThan(40);
      // Search engines cut descriptions around 160 characters.
      expect(meta!.description.length, path).toBeLessThanOrEqual(170);
    }
  });

  it('lists no path the routes do not serve', () => {
    expect(Object.keys(publicPageMeta).sort()).toEqual([...new Set(concretePaths())].sort());
  });

  it('includes the spec aliases, with -cluster-page only for the seven tiers', () => {
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
