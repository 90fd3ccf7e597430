import type { Weekday } from '@alpenkube/contract';

/*
 * How a window reads, without zod or the contract's schemas: the cluster page shows these on
 * its first load; the form's schema loads with the dialog.
 */

export const dayNames: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A window's start as the clock of its own zone reads it: "Sun, 13 Dec 2026, 03:00". */
export function windowTime(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** "03:00". */
export const hourWords = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
