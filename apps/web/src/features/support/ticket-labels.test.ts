import { describe, expect, it } from 'vitest';
import { formatMinutes, timeLeft } from './ticket-labels';

describe('response target wording', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('says the time left, or by how much the target is missed', () => {
    expect(timeLeft('2026-11-24T14:05:00Z', now)).toBe('2 h 5 min left');
    expect(timeLeft('2026-11-24T12:10:00Z', now)).toBe('10 min left');
    expect(timeLeft('2026-11-26T13:00:00Z', now)).toBe('2 d 1 h left');
    expect(timeLeft('2026-11-24T11:48:00Z', now)).toBe('overdue by 12 min');
    expect(timeLeft(null, now)).toBeNull();
  });

  it('says a plan’s target as people do', () => {
    expect(formatMinutes(15)).toBe('15 min');
    expect(formatMinutes(240)).toBe('4 h');
    expect(formatMinutes(1440)).toBe('1 day');
    expect(formatMinutes(2880)).toBe('2 days');
    expect(formatMinutes(null)).toBe('Not covered');
  });
});
