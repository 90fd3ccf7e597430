import { describe, expect, it } from 'vitest';
import {
  daysIn,
  daysOf,
  filtersFromSearch,
  formatRange,
  hrefOfFilters,
  presetRange,
  rangeIssues,
  searchOfFilters,
  usageQueryOf,
} from './usage-range';

const at = (iso: string) => new Date(iso);

describe('the usage page’s periods (UTC days)', () => {
  it('computes each preset from the UTC day, whatever the local time', () => {
    // 1 March 00:30 UTC: still 28 February in America, already March in UTC.
    const now = at('2028-03-01T00:30:00Z');
    expect(presetRange('this-month', now)).toEqual({ from: '2028-03-01', to: '2028-03-01' });
    // 2028 is a leap year: last month ends on the 29th.
    expect(presetRange('last-month', now)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('30d', now)).toEqual({ from: '2028-02-01', to: '2028-03-01' });
    expect(presetRange('90d', now)).toEqual({ from: '2027-12-03', to: '2028-03-01' });
    expect(daysIn(presetRange('30d', now))).toBe(30);
    expect(daysIn(presetRange('90d', now))).toBe(90);
  });

  it('crosses the year for last month in January', () => {
    expect(presetRange('last-month', at('2027-01-15T23:59:59Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('this-month', at('2027-01-31T23:59:59Z'))).toEqual({
      from: '2027-01-01',
      to: '2027-01-31',
    });
  });

  it('lists every day of a range, both ends included, across a month end', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysOf({ from: '2026-03-02', to: '2026-03-01' })).toEqual([]);
  });

  it('refuses a custom range as the API would: missing dates, reversed, over 366 days', () => {
    expect(rangeIssues({ from: '2026-01-01', to: '2026-12-31' })).toEqual({});
    expect(rangeIssues({ from: '', to: '2026-01-01' })).toEqual({ from: 'Choose a start date' });
    expect(rangeIssues({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: 'Choose a start date',
    });
    expect(rangeIssues({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      to: 'Ends before it starts',
    });
    // 2028 has 366 days: exactly the limit; one more day is refused.
    expect(rangeIssues({ from: '2028-01-01', to: '2028-12-31' })).toEqual({});
    expect(rangeIssues({ from: '2027-12-31', to: '2028-12-31' })).toEqual({
      to: 'At most 366 days at once',
    });
  });

  it('reads the filters from the URL, defaults for anything unknown', () => {
    const now = at('2026-03-15T12:00:00Z');
    expect(filtersFromSearch(new URLSearchParams(''), now)).toEqual({
      preset: 'this-month',
      range: { from: '2026-03-01', to: '2026-03-15' },
      clusterId: null,
      tag: null,
      view: 'day',
      metric: 'node_hours',
    });
    const odd = new URLSearchParams('range=week&cluster=0&groupBy=month&metric=cpu');
    expect(filtersFromSearch(odd, now)).toMatchObject({
      preset: 'this-month',
      clusterId: null,
      view: 'day',
      metric: 'node_hours',
    });
    const custom = new URLSearchParams(
      'range=custom&from=2026-01-10&to=2026-02-10&cluster=12&groupBy=cluster&metric=egress_gb',
    );
    expect(filtersFromSearch(custom, now)).toEqual({
      preset: 'custom',
      range: { from: '2026-01-10', to: '2026-02-10' },
      clusterId: 12,
      tag: null,
      view: 'cluster',
      metric: 'egress_gb',
    });
  });

  it('reads a tag from the URL, lowercased, drops one the API would refuse, and asks for it', () => {
    const now = at('2026-03-15T12:00:00Z');
    const tagged = filtersFromSearch(new URLSearchParams('tag=Team:Web&groupBy=cluster'), now);
    expect(tagged.tag).toBe('team:web');
    expect(searchOfFilters(tagged).toString()).toBe('tag=team%3Aweb&groupBy=cluster');
    expect(usageQueryOf(tagged)).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
      groupBy: 'cluster',
      tag: 'team:web',
    });
    expect(filtersFromSearch(new URLSearchParams('tag=bad tag'), now).tag).toBeNull();
  });

  it('writes back only what differs from the defaults, and a preset without its dates', () => {
    const now = at('2026-03-15T12:00:00Z');
    const filters = filtersFromSearch(new URLSearchParams('range=30d&cluster=4'), now);
    expect(searchOfFilters(filters).toString()).toBe('range=30d&cluster=4');
    expect(hrefOfFilters(filters, { view: 'metric', clusterId: null })).toBe(
      '/usage?range=30d&groupBy=metric',
    );
    expect(hrefOfFilters(filtersFromSearch(new URLSearchParams(''), now))).toBe('/usage');
  });

  it('asks the API for the range, the grouping and the cluster, and nothing for a bad range', () => {
    const now = at('2026-03-15T12:00:00Z');
    expect(
      usageQueryOf(filtersFromSearch(new URLSearchParams('cluster=4&groupBy=metric'), now)),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
      groupBy: 'metric',
      clusterId: '4',
    });
    expect(
      usageQueryOf(
        filtersFromSearch(new URLSearchParams('range=custom&from=2026-03-02&to=2026-03-01'), now),
      ),
    ).toBeNull();
  });

  it('states a range briefly', () => {
    expect(formatRange({ from: '2026-03-01', to: '2026-03-31' })).toBe('1 Mar – 31 Mar 2026');
    expect(formatRange({ from: '2025-12-20', to: '2026-01-05' })).toBe('20 Dec 2025 – 5 Jan 2026');
    expect(formatRange({ from: '2026-03-01', to: '2026-03-01' })).toBe('1 Mar 2026');
  });
});
