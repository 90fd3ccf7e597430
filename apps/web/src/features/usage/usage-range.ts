import { USAGE_MAX_DAYS, usageMetrics, type UsageMetric } from '@alpenkube/contract/usage-metrics';
import type { UsageQuery } from '@alpenkube/contract';
import { paths } from '@/config/paths';
import { tagFilterOf } from '@/components/tags/tag-filter';

/*
 * The usage page's state lives in its URL (`?range=&from=&to=&cluster=&groupBy=&metric=`), so a
 * view can be bookmarked and shared. Every date is a UTC calendar day as `YYYY-MM-DD`, the way
 * the API reads `from` and `to` (both included).
 */

export const rangePresets = ['this-month', 'last-month', '30d', '90d', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];

export const rangePresetLabels: Record<RangePreset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom',
};

export const usageViews = ['day', 'cluster', 'metric'] as const;
export type UsageView = (typeof usageViews)[number];

export const usageViewLabels: Record<UsageView, string> = {
  day: 'By day',
  cluster: 'By cluster',
  metric: 'By resource',
};

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar day of an instant, as `YYYY-MM-DD`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Midnight UTC of a `YYYY-MM-DD` day, or NaN when it is no real date (2026-02-30 included). */
export function dayTime(day: string): number {
  if (!DAY_PATTERN.test(day)) return Number.NaN;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || utcDay(new Date(time)) !== day ? Number.NaN : time;
}

export function addDays(day: string, count: number): string {
  return utcDay(new Date(dayTime(day) + count * DAY_MS));
}

/** How many days a range covers, both ends included. */
export function daysIn(range: DayRange): number {
  return Math.round((dayTime(range.to) - dayTime(range.from)) / DAY_MS) + 1;
}

/** Every day of a range, first to last. */
export function daysOf(range: DayRange): string[] {
  const count = daysIn(range);
  if (!Number.isFinite(count) || count < 1) return [];
  return Array.from({ length: count }, (_, index) => addDays(range.from, index));
}

/** The days a preset covers on `now`'s UTC day; `custom` has none of its own. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): DayRange {
  const today = utcDay(now);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (preset) {
    case 'this-month':
      return { from: utcDay(new Date(Date.UTC(year, month, 1))), to: today };
    case 'last-month':
      return {
        from: utcDay(new Date(Date.UTC(year, month - 1, 1))),
        // Day 0 of this month is the last day of the previous one.
        to: utcDay(new Date(Date.UTC(year, month, 0))),
      };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
  }
}

/** What is wrong with a custom range, by field, as the API would refuse it; empty when none. */
export function rangeIssues(range: DayRange): Partial<Record<keyof DayRange, string>> {
  const issues: Partial<Record<keyof DayRange, string>> = {};
  if (Number.isNaN(dayTime(range.from))) issues.from = 'Choose a start date';
  if (Number.isNaN(dayTime(range.to))) issues.to = 'Choose an end date';
  if (issues.from || issues.to) return issues;
  if (range.to < range.from) issues.to = 'Ends before it starts';
  else if (daysIn(range) > USAGE_MAX_DAYS) issues.to = `At most ${USAGE_MAX_DAYS} days at once`;
  return issues;
}

export interface UsageFilters {
  preset: RangePreset;
  /** The range asked for: a preset's, or the custom one (which may be invalid). */
  range: DayRange;
  /** Null for every cluster of the organization. */
  clusterId: number | null;
  /** Only the clusters carrying this tag; null for any. */
  tag: string | null;
  view: UsageView;
  /** The metric whose daily quantity the page charts. */
  metric: UsageMetric;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The page's filters from its URL; anything missing or unknown takes its default. */
export function filtersFromSearch(search: URLSearchParams, now = new Date()): UsageFilters {
  const range = search.get('range');
  const preset = isOneOf(rangePresets, range) ? range : 'this-month';
  const cluster = search.get('cluster') ?? '';
  const view = search.get('groupBy');
  const metric = search.get('metric');
  return {
    preset,
    range:
      preset === 'custom'
        ? { from: search.get('from') ?? '', to: search.get('to') ?? '' }
        : presetRange(preset, now),
    clusterId: /^[1-9][0-9]{0,9}$/.test(cluster) ? Number(cluster) : null,
    tag: tagFilterOf(search.get('tag')) ?? null,
    view: isOneOf(usageViews, view) ? view : 'day',
    metric: isOneOf(usageMetrics, metric) ? metric : 'node_hours',
  };
}

/** The URL of a change of filters: defaults are left out, a preset's dates too. */
export function searchOfFilters(filters: UsageFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.preset !== 'this-month') search.set('range', filters.preset);
  if (filters.preset === 'custom') {
    search.set('from', filters.range.from);
    search.set('to', filters.range.to);
  }
  if (filters.clusterId !== null) search.set('cluster', String(filters.clusterId));
  if (filters.tag !== null) search.set('tag', filters.tag);
  if (filters.view !== 'day') search.set('groupBy', filters.view);
  if (filters.metric !== 'node_hours') search.set('metric', filters.metric);
  return search;
}

/** '1 Mar 2026' for a UTC day, in English as the rest of the page. */
export function formatDay(day: string, options: { year?: boolean } = {}): string {
  return new Date(dayTime(day)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(options.year === false ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** '1 – 31 Mar 2026' style: the range as the page's lead states it. */
export function formatRange(range: DayRange): string {
  if (range.from === range.to) return formatDay(range.from);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return `${formatDay(range.from, { year: !sameYear })} – ${formatDay(range.to)}`;
}

/** The API query of valid filters; null while the custom range is not one the API accepts. */
export function usageQueryOf(filters: UsageFilters): UsageQuery | null {
  if (Object.keys(rangeIssues(filters.range)).length > 0) return null;
  return {
    from: filters.range.from,
    to: filters.range.to,
    groupBy: filters.view,
    ...(filters.clusterId === null ? {} : { clusterId: String(filters.clusterId) }),
    ...(filters.tag === null ? {} : { tag: filters.tag }),
  };
}

/** The page's address with some filters changed. */
export function hrefOfFilters(filters: UsageFilters, change: Partial<UsageFilters> = {}): string {
  const search = searchOfFilters({ ...filters, ...change }).toString();
  return search ? `${paths.usage}?${search}` : paths.usage;
}
