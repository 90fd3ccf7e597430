import { describe, expect, it } from 'vitest';
import { formatUsd, parseDollars, waitingFor } from './labels';

describe('operator labels', () => {
  it('reads dollars as typed into cents, and refuses anything else', () => {
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars('$1,250.05')).toBe(125_005);
    expect(parseDollars(' 250 ')).toBe(25_000);
    expect(parseDollars('12.505')).toBeNull();
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('twelve')).toBeNull();
  });

  it('says how long an organization waits, in whole days', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(waitingFor('2026-11-24T08:00:00Z', now)).toBe('today');
    expect(waitingFor('2026-11-23T08:00:00Z', now)).toBe('1 day');
    expect(waitingFor('2026-11-20T11:00:00Z', now)).toBe('4 days');
  });

  it('shows the ledger in US dollars', () => {
    expect(formatUsd(12_550)).toBe('$125.50');
  });
});
