import type { ClusterListQuery, ClusterSort, ClusterStatus } from '@alpenkube/contract';
import { clusterSortLabels, clusterStatusDisplay } from './cluster-status';
import { tagFilterOf } from '@/components/tags/tag-filter';

/** The list's filters, its sort and its page, as `/my-clusters?…` holds them. */
export type ClusterFilters = Omit<ClusterListQuery, 'limit'>;

/** The URL's names, in the order a link writes them. */
const filterNames = ['status', 'tier', 'provider', 'region', 'tag', 'q', 'sort', 'page'] as const;

/** The server sorts newest first when asked nothing, so a link need not say it. */
const DEFAULT_SORT: ClusterSort = '-created';

const isStatus = (value: string): value is ClusterStatus => value in clusterStatusDisplay;
const isSort = (value: string): value is ClusterSort => value in clusterSortLabels;

/** A catalog slug or region code as the API takes it (at most 64 characters). */
const slug = (value: string | null) =>
  value && value.length <= 64 && /^[a-z0-9][a-z0-9-]*$/.test(value) ? value : undefined;

/**
 * The filters a page's URL asks for. An unknown value is no filter rather than an error: an old
 * or edited link still shows a list, and the API never sees a value its schema refuses.
 */
export function filtersFromSearch(search: URLSearchParams): ClusterFilters {
  const status = search.get('status') ?? '';
  const sort = search.get('sort') ?? '';
  const q = (search.get('q') ?? '').trim().slice(0, 63);
  const page = Number(search.get('page'));
  const filters: ClusterFilters = {
    status: isStatus(status) ? status : undefined,
    tier: slug(search.get('tier')),
    provider: slug(search.get('provider')),
    region: slug(search.get('region')),
    tag: tagFilterOf(search.get('tag')),
    q: q || undefined,
    sort: isSort(sort) ? sort : undefined,
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
  };
  return withoutEmpty(filters);
}

function withoutEmpty(filters: ClusterFilters): ClusterFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as ClusterFilters;
}

/** The query string of these filters: only what differs from the defaults, in a fixed order. */
export function searchOfFilters(filters: ClusterFilters): string {
  const search = new URLSearchParams();
  for (const name of filterNames) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    if (name === 'page' && value === 1) continue;
    if (name === 'sort' && value === DEFAULT_SORT) continue;
    search.set(name, String(value));
  }
  return search.size ? `?${search}` : '';
}

/**
 * The filters after one change: a new filter or sort starts again from the first page, since
 * the page the list was on may not exist any more; choosing a page keeps everything else.
 */
export function changeFilters(
  current: ClusterFilters,
  change: Partial<ClusterFilters>,
): ClusterFilters {
  const next = withoutEmpty({ ...current, ...change });
  if (!('page' in change)) delete next.page;
  return next;
}

/** Whether anything narrows the list (a sort or a page does not). */
export const isFiltered = (filters: ClusterFilters) =>
  Boolean(
    filters.status ||
    filters.tier ||
    filters.provider ||
    filters.region ||
    filters.tag ||
    filters.q,
  );
