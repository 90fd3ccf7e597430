import { describe, expect, it } from 'vitest';
import { changeFilters, filtersFromSearch, isFiltered, searchOfFilters } from './cluster-filters';

const read = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('the cluster list filters in the URL', () => {
  it('reads every filter, the sort and the page', () => {
    expect(
      read('status=running&tier=blue&provider=gke&region=europe-west3&q=prod&sort=-cost&page=3'),
    ).toEqual({
      status: 'running',
      tier: 'blue',
      provider: 'gke',
      region: 'europe-west3',
      q: 'prod',
      sort: '-cost',
      page: 3,
    });
  });

  it('drops what the API would refuse instead of failing the page', () => {
    expect(
      read(
        'status=exploded&sort=size&page=0&tier=Blue!&provider=&q=%20%20&region=' + 'x'.repeat(65),
      ),
    ).toEqual({});
    expect(read('page=1.5')).toEqual({});
    expect(read('page=-2')).toEqual({});
    expect(read('page=1')).toEqual({});
  });

  it('trims the search and cuts it to a cluster name’s length', () => {
    expect(read(`q=${encodeURIComponent('  web  ')}`)).toEqual({ q: 'web' });
    expect(read(`q=${'a'.repeat(80)}`).q).toHaveLength(63);
  });

  it('writes only what differs from the defaults, in one order', () => {
    expect(searchOfFilters({})).toBe('');
    expect(searchOfFilters({ sort: '-created', page: 1 })).toBe('');
    expect(searchOfFilters({ page: 2, q: 'a b', status: 'failed', sort: 'name' })).toBe(
      '?status=failed&q=a+b&sort=name&page=2',
    );
  });

  it('round-trips through the URL', () => {
    const filters = { status: 'updating', tier: 'red', q: 'db', sort: 'cost', page: 4 } as const;
    expect(read(searchOfFilters(filters).slice(1))).toEqual(filters);
  });

  it('starts again from the first page when a filter or the sort changes', () => {
    const current = { status: 'running', page: 3 } as const;
    expect(changeFilters(current, { tier: 'blue' })).toEqual({ status: 'running', tier: 'blue' });
    expect(changeFilters(current, { sort: 'name' })).toEqual({ status: 'running', sort: 'name' });
    expect(changeFilters(current, { status: undefined })).toEqual({});
    expect(changeFilters(current, { page: 4 })).toEqual({ status: 'running', page: 4 });
  });

  it('tells a filtered list from a sorted or paged one', () => {
    expect(isFiltered({ sort: 'name', page: 2 })).toBe(false);
    expect(isFiltered({ q: 'web' })).toBe(true);
    expect(isFiltered({ region: 'eu-de-fra' })).toBe(true);
  });
});
