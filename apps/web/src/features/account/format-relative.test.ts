import { describe, expect, it } from 'vitest';
import { formatRelative } from './format-relative';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('formatRelative', () => {
  it.each([
    ['2026-03-01T11:59:30Z', 'just now'],
    ['2026-03-01T11:55:00Z', '5 minutes ago'],
    ['2026-03-01T09:00:00Z', '3 hours ago'],
    ['2026-02-28T12:00:00Z', 'yesterday'],
    ['2026-02-20T12:00:00Z', '9 days ago'],
  ])('%s → %s', (iso, expected) => expect(formatRelative(iso, now)).toBe(expected));

  it('says so for an unreadable date', () => {
    expect(formatRelative('not a date', now)).toBe('at an unknown time');
  });
});
