import type { AuditEvent } from '@alpenkube/contract';
import { csvLine } from '../../lib/csv.ts';

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
