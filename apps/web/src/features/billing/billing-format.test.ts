import { describe, expect, it } from 'vitest';
import { countryName, formatPeriod, percentOfBasisPoints, signedMoney } from './billing-format';

/** Intl puts thin spaces around the range's dash. */
const period = (start: string, end: string) => formatPeriod(start, end).replace(/\s/g, ' ');
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('billing figures', () => {
  it('signs a movement of credit, the minus a true minus sign', () => {
    expect(signedMoney(dollars, 3_500)).toBe('+$35.00');
    expect(signedMoney(dollars, -1_000)).toBe('−$10.00');
    expect(signedMoney(dollars, 0)).toBe('$0.00');
  });

  it('reads an invoice’s period by UTC days, its end exclusive', () => {
    expect(period('2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')).toBe('Feb 1 – 28, 2026');
    // A month closed early in development ends during a day: that day is in.
    expect(period('2026-03-01T00:00:00.000Z', '2026-03-14T15:20:00.000Z')).toBe('Mar 1 – 14, 2026');
    expect(period('2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe('Dec 1 – 31, 2025');
    expect(period('soon', 'later')).toBe('soon – later');
  });

  it('writes VAT rates and countries for people', () => {
    expect(percentOfBasisPoints(2000)).toBe('20%');
    expect(percentOfBasisPoints(550)).toBe('5.5%');
    expect(countryName('AT')).toBe('Austria');
    expect(countryName('')).toBe('');
    expect(countryName('??')).toBe('??');
  });
});
