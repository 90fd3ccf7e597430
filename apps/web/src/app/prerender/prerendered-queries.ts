import type { Addon, Catalog, Tier, VersionSummary } from '@alpenkube/contract';
import { publicKeys } from '@/lib/public-queries';
import { apiReferenceKeys } from '@/features/api-reference/queries';

/** What the server hands the prerender: the answers of the public GET routes it serves. */
export interface PrerenderData {
  tiers: Tier[];
  addons: Addon[];
  catalog: Catalog;
  version: VersionSummary;
  openapi: unknown;
}

/** The query cache entries of a prerendered page: the same keys the pages' hooks read. */
export function prerenderedQueries(data: PrerenderData): [readonly unknown[], unknown][] {
  return [
    [publicKeys.tiers, data.tiers],
    [publicKeys.addons, data.addons],
    [publicKeys.catalog, data.catalog],
    [publicKeys.version, data.version],
    [apiReferenceKeys.openapi, data.openapi],
  ];
}
