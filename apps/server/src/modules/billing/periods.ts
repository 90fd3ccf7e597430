import { RENEWAL_RETRY_DAYS } from '@alpenkube/contract';

export type BillingCycle = 'monthly' | 'yearly';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The end of a period that starts at `start`: the same time a calendar month (or year) later,
 * in UTC. A day the next month lacks is its last day: January 31 + 1 month is February 28 (29).
 */
export function addPeriod(start: Date, cycle: BillingCycle): Date {
  const months = cycle === 'yearly' ? 12 : 1;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDay),
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
