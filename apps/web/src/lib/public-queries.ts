import { queryOptions } from '@tanstack/react-query';
import type { Addon, Catalog, Tier, VersionSummary } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { exchangeRatesQueryKey } from '@/lib/currency/rates-query-key';
import { queryKeyOf } from '@/lib/http';

/** The tier list and the add-on catalog are cached for 30 minutes. */
export const CATALOG_STALE_MS = 30 * 60 * 1000;
/** The version summary is cached for 5 minutes. */
export const VERSION_STALE_MS = 5 * 60 * 1000;

/**
 * The queries whose data belongs to nobody: the catalog, the version and the exchange rates.
 * Signing out keeps these and drops every other query (see `clearSignedOutData`), so a new
 * query is private unless it is listed here.
 */
export const publicKeys = {
  tiers: queryKeyOf(endpoints.platform.tiers),
  addons: queryKeyOf(endpoints.platform.addons),
  catalog: queryKeyOf(endpoints.platform.catalog),
  version: queryKeyOf(endpoints.platform.version),
  rates: exchangeRatesQueryKey,
};

export const publicQueryKeys: readonly (readonly unknown[])[] = Object.values(publicKeys);

export const publicQueries = {
  tiers: () => queryOptions<Tier[]>({ queryKey: publicKeys.tiers, staleTime: CATALOG_STALE_MS }),
  addons: () => queryOptions<Addon[]>({ queryKey: publicKeys.addons, staleTime: CATALOG_STALE_MS }),
  /** Everything prices need: tiers and node sizes, providers and regions, versions, plans. */
  catalog: () =>
    queryOptions<Catalog>({ queryKey: publicKeys.catalog, staleTime: CATALOG_STALE_MS }),
  version: () =>
    queryOptions<VersionSummary>({ queryKey: publicKeys.version, staleTime: VERSION_STALE_MS }),
};
