import { auditEvents } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/client.ts';

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'failure';
  actorUserId?: number | null;
  organizationId?: number | null;
  targetType?: string;
  targetId?: string | number;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

/** Append-only: rows are inserted here and nowhere updated or deleted. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    outcome: entry.outcome,
    actorUserId: entry.actorUserId ?? null,
    organizationId: entry.organizationId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? {},
  });
}
