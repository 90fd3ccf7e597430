import { describe, expect, it } from 'vitest';
import { monthLabel } from './billing-figures';

describe('the month’s label', () => {
  it('reads the UTC month from its start and the next month’s first instant', () => {
    expect(monthLabel('2026-04-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z')).toBe(
      '1 – 30 Apr 2026',
    );
    expect(monthLabel('2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z')).toBe(
      '1 – 29 Feb 2028',
    );
  });
});
