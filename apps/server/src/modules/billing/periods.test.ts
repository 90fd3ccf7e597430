import { describe, expect, it } from 'vitest';
import { addPeriod, nextRetryAt, periodHours, wholeHoursBetween } from './periods.ts';

const at = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it('lasts a calendar month, at the same time of day, in UTC', () => {
    expect(addPeriod(at('2026-11-23T14:05:06.789Z'), 'monthly').toISOString()).toBe(
      '2026-12-23T14:05:06.789Z',
    );
    expect(addPeriod(at('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });

  it("ends on the next month's last day when it lacks the start's day", () => {
    expect(addPeriod(at('2027-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    expect(addPeriod(at('2028-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addPeriod(at('2026-03-31T23:30:00Z'), 'monthly').toISOString()).toBe(
      '2026-04-30T23:30:00.000Z',
    );
  });

  it('goes back to the day it began on after a shorter month: January 31, February 28, March 31', () => {
    const february = addPeriod(at('2027-01-31T10:00:00Z'), 'monthly', 31);
    expect(february.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    const march = addPeriod(february, 'monthly', 31);
    expect(march.toISOString()).toBe('2027-03-31T10:00:00.000Z');
    expect(addPeriod(march, 'monthly', 31).toISOString()).toBe('2027-04-30T10:00:00.000Z');
    expect(addPeriod(at('2027-04-30T10:00:00Z'), 'monthly', 30).toISOString()).toBe(
      '2027-05-30T10:00:00.000Z',
    );
    // A start that was not cut to its month's end keeps its own day.
    expect(addPeriod(at('2027-03-28T10:00:00Z'), 'monthly', 31).toISOString()).toBe(
      '2027-04-28T10:00:00.000Z',
    );
    // A yearly period begun on February 29 is back on the 29th in the next leap year.
    const years = [at('2028-02-29T08:00:00Z')];
    for (let i = 0; i < 4; i += 1) years.push(addPeriod(years.at(-1)!, 'yearly', 29));
    expect(years.map((date) => date.toISOString().slice(0, 10))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('lasts a year for yearly billing, February 29 ending on the 28th', () => {
    expect(addPeriod(at('2026-11-23T08:00:00Z'), 'yearly').toISOString()).toBe(
      '2027-11-23T08:00:00.000Z',
    );
    expect(addPeriod(at('2028-02-29T08:00:00Z'), 'yearly').toISOString()).toBe(
      '2029-02-28T08:00:00.000Z',
    );
  });

  it('counts whole hours left, rounded down, and none once past', () => {
    const end = at('2026-12-23T14:00:00Z');
    expect(wholeHoursBetween(at('2026-12-23T11:00:01Z'), end)).toBe(2);
    expect(wholeHoursBetween(at('2026-12-23T11:00:00Z'), end)).toBe(3);
    expect(wholeHoursBetween(at('2026-12-23T15:00:00Z'), end)).toBe(0);
    expect(periodHours(at('2026-02-01T00:00:00Z'), at('2026-03-01T00:00:00Z'))).toBe(672);
    expect(periodHours(at('2026-12-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toBe(744);
  });

  it('retries 1, 3 and 7 days after the period ended, then no more', () => {
    const start = at('2026-12-23T14:00:00Z');
    const first = nextRetryAt(start, start)!;
    expect(first.toISOString()).toBe('2026-12-24T14:00:00.000Z');
    const second = nextRetryAt(start, first)!;
    expect(second.toISOString()).toBe('2026-12-26T14:00:00.000Z');
    const third = nextRetryAt(start, second)!;
    expect(third.toISOString()).toBe('2026-12-30T14:00:00.000Z');
    expect(nextRetryAt(start, third)).toBeNull();
    // An attempt late for its time (the instances were down) does not skip the next one.
    expect(nextRetryAt(start, at('2026-12-24T20:00:00Z'))!.toISOString()).toBe(
      '2026-12-26T14:00:00.000Z',
    );
  });
});
