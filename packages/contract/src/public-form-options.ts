/**
 * The fixed choices of the public forms, without zod: the pages render them before the visitor
 * touches a form, and the schemas in public-forms.ts (which load only then) validate against them.
 */

export const companySizes = ['1-10', '11-50', '51-250', '251-1000', '1000+'] as const;

/** Demo slots are 30 minutes, Monday to Friday, 09:00 to 16:30 Central European Time. */
export const demoSlotTimes = [
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
] as const;

/** A demo can be booked on a weekday from tomorrow up to 60 days ahead (dates in UTC). */
export function isBookableDemoDate(date: string, now = new Date()): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return false;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const offsetDays = (day.getTime() - today) / 86_400_000;
  const weekday = day.getUTCDay();
  return offsetDays >= 1 && offsetDays <= 60 && weekday !== 0 && weekday !== 6;
}

export const complianceNeeds = ['gdpr', 'hds', 'cispe', 'secnumcloud', 'iso27001'] as const;

export const sourcePlatforms = [
  'eks',
  'gke',
  'aks',
  'openshift',
  'rancher',
  'self-managed',
  'virtual-machines',
  'other',
] as const;

export const ticketCategories = ['technical', 'billing', 'sales'] as const;
export const ticketSeverities = ['low', 'normal', 'high', 'urgent'] as const;
export const ticketStatuses = ['open', 'awaiting_customer', 'resolved', 'closed'] as const;
