import { describe, expect, it } from 'vitest';
import { responseTime } from './response-time';

describe('responseTime', () => {
  it('reads minutes as minutes, hours or days', () => {
    expect(responseTime(null)).toBe('not covered');
    expect(responseTime(15)).toBe('15 min');
    expect(responseTime(240)).toBe('4 h');
    expect(responseTime(1440)).toBe('1 day');
    expect(responseTime(2880)).toBe('2 days');
  });
});
