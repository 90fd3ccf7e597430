import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client defaults', () => {
  it('never retries, never refetches on focus, never polls, is stale at once, keeps 30 min', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: 0,
      gcTime: 30 * 60 * 1000,
    });
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations?.retry).toBe(false);
  });
});
