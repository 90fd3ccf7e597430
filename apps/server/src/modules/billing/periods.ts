import { RENEWAL_RETRY_DAYS } from '@alpenkube/contract';

export type BillingCycle = 'monthly' | 'yearly';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The last day of a UTC month (month may run past 11: it rolls into the next years). */
const lastDayOf = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The end of a period that starts at `start`: the same time a calendar month (or year) later,
 * in UTC. A day the next month lacks is its last day: January 31 + 1 month is February 28 (29).
 * `anchorDay` is the day of the month the subscription's first period began on: a start that
 * was cut to its month's last day goes back to it, so January 31 renews on February 28, then
 * March 31 (not March 28 and the 28th ever after).
 */
export function addPeriod(start: Date, cycle: BillingCycle, anchorDay?: number): Date {
  const months = cycle === 'yearly' ? 12 : 1;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const startDay = start.getUTCDate();
  const cut =
    anchorDay !== undefined &&
    anchorDay > startDay &&
    startDay === lastDayOf(year, start.getUTCMonth());
  const day = cut ? anchorDay : startDay;
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(day, lastDayOf(year, month)),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** Whole hours from `from` to `to`, rounded down; 0 when `to` is not after `from`. */
export function wholeHoursBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / HOUR_MS));
}

/** A period's length in hours (a calendar month is 672 to 744). */
export function periodHours(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / HOUR_MS);
}

/**
 * When a failed renewal is tried next: the first of the retry days (1, 3, 7 after its period
 * began) later than the attempt that failed, which was due at `failedDueAt`; null after the last.
 */
export function nextRetryAt(periodStart: Date, failedDueAt: Date): Date | null {
  for (const days of RENEWAL_RETRY_DAYS) {
    const at = new Date(periodStart.getTime() + days * DAY_MS);
    if (at.getTime() > failedDueAt.getTime()) return at;
  }
  return null;
}

/** "Nov 23, 2026", in UTC: how periods read in descriptions and notices. */
export const dayOf = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "Nov 23, 2026 – Dec 23, 2026" */
export const periodWords = (start: Date, end: Date) => `${dayOf(start)} – ${dayOf(end)}`;
