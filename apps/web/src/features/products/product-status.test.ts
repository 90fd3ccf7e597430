import { describe, expect, it } from 'vitest';
import { isProductBusy, matchesSearch } from './product-status';

const cache = {
  name: 'Managed Cache',
  vendor: 'Valkey 8 (Redis-compatible)',
  summary: 'An in-memory key-value store',
  category: 'Databases',
};

describe('marketplace search and status', () => {
  it('matches every word of the search in the name, vendor, summary or category, any case', () => {
    expect(matchesSearch(cache, '')).toBe(true);
    expect(matchesSearch(cache, 'REDIS')).toBe(true);
    expect(matchesSearch(cache, '  redis   databases ')).toBe(true);
    expect(matchesSearch(cache, 'redis kafka')).toBe(false);
  });

  it('shows progress only while a job runs', () => {
    expect(
      ['ordered', 'provisioning', 'updating', 'cancelling'].every((s) => isProductBusy(s as never)),
    ).toBe(true);
    expect(['active', 'cancelled', 'failed'].some((s) => isProductBusy(s as never))).toBe(false);
  });
});
