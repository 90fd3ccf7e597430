import { describe, expect, it } from 'vitest';
import { hasExpired, passesLuhn } from './card-rules.ts';

describe('card rules', () => {
  it('checks the Luhn digit of 12 to 19 digits', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
  });

  it('keeps a card valid through the last day of its month', () => {
    const now = new Date('2026-11-30T23:00:00Z');
    expect(hasExpired(11, 2026, now)).toBe(false);
    expect(hasExpired(10, 2026, now)).toBe(true);
    expect(hasExpired(1, 2025, now)).toBe(true);
    expect(hasExpired(1, 2027, now)).toBe(false);
  });
});
