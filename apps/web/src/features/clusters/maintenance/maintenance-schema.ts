import { z } from 'zod';
import { updateMaintenanceSchema, weekdays, type Weekday } from '@alpenkube/contract';

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

/** The form's values (the hour as its select gives it), checked by the API's own schema. */
export const maintenanceFormSchema = z
  .object({
    day: z.enum(weekdays),
    hour: z.string(),
    timeZone: z.string(),
    autoUpgrade: z.boolean(),
  })
  .transform((values, context) => {
    const result = updateMaintenanceSchema.safeParse({ ...values, hour: Number(values.hour) });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });

/** The zones the browser knows, with the current one kept even if it does not list it. */
export function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort((a, b) => a.localeCompare(b));
}
