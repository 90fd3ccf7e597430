import { describe, expect, it } from 'vitest';
import { publicPageMeta } from '@/lib/page-meta/page-meta';
import { tutorials } from '@/lib/tutorial-index';
import { clusterTypeAliases } from '@/lib/catalog/cluster-type-routes';
import { publicSiteRoutes } from './routes';

/** Every concrete path the public routes serve, with parameters expanded to their known values. */
function concretePaths(): string[] {
  return publicSiteRoutes.flatMap((route) => {
    if (route.index) return ['/'];
    const path = route.path!.startsWith('/') ? route.path! : `/${route.path}`;
    if (path === '/tutorials/:slug') return tutorials.map((t) => `/tutorials/${t.slug}`);
    if (path === '/cluster-types/:type')
      return clusterTypeAliases.map((a) => `/cluster-types/${a}`);
    return [path];
  });
}

describe('public routes and their metadata', () => {
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
});
