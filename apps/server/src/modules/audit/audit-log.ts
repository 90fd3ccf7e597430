import type { AuditAction } from '@alpenkube/contract';
import { auditEvents } from './schema.ts';
import type { DbOrTx } from '../../db/client.ts';

export interface AuditEntry {
  action: AuditAction;
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

/** Where a request came from, as the audit log keeps it. */
export interface AuditClient {
  ip: string | null;
  userAgent: string;
}

/**
 * Records what a person did to an account (their own or, for an admin, someone else's). Call it
 * with the transaction of the change itself: the entry exists exactly when the change does.
 */
export function recordUserAudit(
  db: DbOrTx,
  entry: {
    user: { id: number; organizationId: number } | null;
    client: AuditClient;
    action: AuditAction;
    outcome: 'success' | 'failure';
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const { user, client } = entry;
  return recordAudit(db, {
    action: entry.action,
    outcome: entry.outcome,
    actorUserId: user?.id ?? null,
    organizationId: user?.organizationId ?? null,
    targetType: 'user',
    targetId: user?.id,
    ip: client.ip,
    userAgent: client.userAgent,
    details: entry.details ?? {},
  });
}
