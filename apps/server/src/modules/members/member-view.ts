import type { AuditAction } from '@alpenkube/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Member } from '@alpenkube/contract';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';

/** The columns a member row is answered from: the user and their organization's name. */
export const memberColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  statusReason: users.statusReason,
  mfaEnabled: users.totpEnabled,
  lastLoginAt: users.lastLoginAt,
  officerAccess: users.officerAccess,
  createdAt: users.createdAt,
  organizationId: users.organizationId,
  organizationName: organizations.name,
};

type MemberRow = Omit<Member, 'lastLoginAt' | 'createdAt'> & {
  lastLoginAt: Date | null;
  createdAt: Date;
};

export const toMember = (row: MemberRow): Member => ({
  ...row,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const isSuperAdmin = (actor: SessionUser) => actor.role === 'super_admin';

/**
 * The organization a list or a change is about: an admin's own, always (an `organizationId` they
 * send is ignored); a super admin's choice, or null for every organization.
 */
export function scopeOf(actor: SessionUser, organizationId?: number): number | null {
  return isSuperAdmin(actor) ? (organizationId ?? null) : actor.organizationId;
}

/** The organization a change lands in: a super admin may name one, an admin has their own. */
export const targetOrganizationOf = (actor: SessionUser, organizationId?: number) =>
  isSuperAdmin(actor) ? (organizationId ?? actor.organizationId) : actor.organizationId;

/** Rows of a table that an actor may see: their organization's, or any for a super admin. */
export function visibleTo(
  actor: SessionUser,
  table: Parameters<typeof inOrganization>[0],
  ...conditions: (SQL | undefined)[]
): SQL {
  return isSuperAdmin(actor)
    ? and(...conditions)!
    : inOrganization(table, actor.organizationId, ...conditions);
}

/** One person the actor may manage; another organization's is a 404 for an admin. */
export async function loadMember(db: DbOrTx, actor: SessionUser, userId: number): Promise<Member> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(visibleTo(actor, users, eq(users.id, userId)));
  if (!row) throw notFound('User not found');
  return toMember(row);
}

export const displayName = (user: { name: string | null; username: string }) =>
  user.name || user.username;

/** An audit entry of an admin's change, written in the change's transaction. */
export function auditChange(
  db: DbOrTx,
  actor: SessionUser,
  client: ClientInfo,
  entry: {
    action: AuditAction;
    organizationId: number;
    targetType?: string;
    targetId: number;
    details?: Record<string, unknown>;
  },
) {
  return recordAudit(db, {
    action: entry.action,
    outcome: 'success',
    actorUserId: actor.id,
    organizationId: entry.organizationId,
    targetType: entry.targetType ?? 'user',
    targetId: entry.targetId,
    ip: client.ip,
    userAgent: client.userAgent,
    details: entry.details ?? {},
  });
}
