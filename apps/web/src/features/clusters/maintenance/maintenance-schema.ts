import { z } from 'zod';
import { updateMaintenanceSchema, weekdays } from '@alpenkube/contract';

export { dayNames, hourWords, windowTime } from './maintenance-words';

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
