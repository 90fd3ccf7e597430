import type { AuditEvent } from '@alpenkube/contract';

/**
 * A CSV field: quoted when it holds a separator, a quote or a line break, and kept from being
 * read as a formula by a spreadsheet (a leading =, +, -, @, tab or carriage return).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (fields: (string | number | null | undefined)[]) =>
  fields.map(csvField).join(',');

export const AUDIT_CSV_HEADER =
  'id,at,actor_id,actor,organization_id,organization,action,target_type,target_id,outcome,ip,user_agent,details';

export const auditCsvLine = (event: AuditEvent) =>
  csvLine([
    event.id,
    event.at,
    event.actor?.id,
    event.actor?.username,
    event.organization?.id,
    event.organization?.name,
    event.action,
    event.targetType,
    event.targetId,
    event.outcome,
    event.ip,
    event.userAgent,
    JSON.stringify(event.details),
  ]);
