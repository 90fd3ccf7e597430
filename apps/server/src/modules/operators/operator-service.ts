import { and, eq } from 'drizzle-orm';
import type { OperatorOrganizationQuery, OrganizationStatusName } from '@alpenkube/contract';
import { isAdminRole } from '@alpenkube/contract/permissions';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { SessionStore } from '../sessions/index.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotification, notifyOrganizationAdmins } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import {
  listOrganizations,
  memberIds,
  operatorUser,
  organizationDetail,
  organizationUsers,
} from './organization-queries.ts';

type Change = 'approve' | 'suspend' | 'reinstate';

const target: Record<Change, OrganizationStatusName> = {
  approve: 'active',
  suspend: 'suspended',
  reinstate: 'active',
};

/** The one status each change starts from (the contract's `organizationTransitions`). */
const allowedFrom: Record<Change, OrganizationStatusName> = {
  approve: 'pending_approval',
  suspend: 'active',
  reinstate: 'suspended',
};

const done: Record<Change, string> = {
  approve: 'approved',
  suspend: 'suspended',
  reinstate: 'reinstated',
};

const statusLabel: Record<OrganizationStatusName, string> = {
  pending_approval: 'pending approval',
  active: 'active',
  suspended: 'suspended',
};

/** What the organization's people are told, in the transaction of the change. */
async function tellOrganization(
  tx: Tx,
  organization: { id: number; name: string },
  change: Change,
  reason: string | null,
) {
  if (change === 'approve') {
    const message = `${organization.name} is approved: you can now order clusters.`;
    await notifyOrganizationAdmins(tx, organization.id, 'success', message, {
      subject: `${organization.name} is approved`,
      text: `${message}\n\nSign in to configure your first cluster.`,
    });
    return;
  }
  const message =
    change === 'suspend'
      ? `${organization.name} is suspended: ${reason}. Your running clusters keep running; ordering is paused. Contact support.`
      : `${organization.name} is active again: you can order again.`;
  const members = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.organizationId, organization.id), eq(users.status, 'active')));
  const type = change === 'suspend' ? 'warning' : 'success';
  for (const member of members) {
    // Admins get theirs (with a mail) below.
    if (!isAdminRole(member.role)) await createNotification(tx, member.id, type, message);
  }
  await notifyOrganizationAdmins(tx, organization.id, type, message, {
    subject:
      change === 'suspend'
        ? `${organization.name} is suspended`
        : `${organization.name} is active again`,
    text: message,
  });
}

/**
 * Platform operators over every organization. Each change locks the organization's row, checks
 * the state machine there, and writes the change, its audit entry, its notices and the
 * refresh of every member's session in one transaction.
 */
export function createOperatorService({
  db,
  sessions,
}: Pick<Infrastructure, 'db'> & { sessions: SessionStore }) {
  async function transition(
    actor: SessionUser,
    organizationId: number,
    change: Change,
    client: ClientInfo,
    reason: string | null = null,
  ) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      if (!row) throw notFound('Organization not found');
      const next = target[change];
      if (row.status !== allowedFrom[change]) {
        throw conflict(`${row.name} is ${statusLabel[row.status]}: it cannot be ${done[change]}.`);
      }
      const now = new Date();
      await tx
        .update(organizations)
        .set({
          status: next,
          ...(change === 'approve' ? { approvedAt: now } : {}),
          suspendedReason: change === 'suspend' ? reason : null,
          updatedAt: now,
        })
        .where(eq(organizations.id, organizationId));
      await recordAudit(tx, {
        action: `organization.${change}`,
        outcome: 'success',
        actorUserId: actor.id,
        organizationId,
        targetType: 'organization',
        targetId: organizationId,
        ip: client.ip,
        userAgent: client.userAgent,
        // The reason stays in organizations.suspended_reason, which can change; the trail cannot.
        details: { from: row.status, to: next },
      });
      await tellOrganization(tx, row, change, reason);
      // Each member's next request sees the new standing, without signing in again.
      for (const id of await memberIds(tx, organizationId)) await sessions.userChanged(tx, id);
    });
    return organizationDetail(db, organizationId);
  }

  return {
    list: (query: OperatorOrganizationQuery) => listOrganizations(db, query),
    get: (organizationId: number) => organizationDetail(db, organizationId),
    users: (organizationId: number) => organizationUsers(db, organizationId),
    approve: (actor: SessionUser, organizationId: number, client: ClientInfo) =>
      transition(actor, organizationId, 'approve', client),
    suspend: (actor: SessionUser, organizationId: number, reason: string, client: ClientInfo) =>
      transition(actor, organizationId, 'suspend', client, reason),
    reinstate: (actor: SessionUser, organizationId: number, client: ClientInfo) =>
      transition(actor, organizationId, 'reinstate', client),

    /**
     * Grants or revokes a user's officer access; asking for what they already have changes
     * nothing and records nothing. Their sessions see it on their next request.
     */
    async setOfficerAccess(
      actor: SessionUser,
      userId: number,
      officerAccess: boolean,
      client: ClientInfo,
    ) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!row) throw notFound('User not found');
        if (row.officerAccess === officerAccess) return;
        if (officerAccess && row.erasedAt) {
          throw conflict('This account was erased: it cannot be given officer access.');
        }
        await tx
          .update(users)
          .set({ officerAccess, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await recordAudit(tx, {
          action: officerAccess ? 'user.officer_grant' : 'user.officer_revoke',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId: row.organizationId,
          targetType: 'user',
          targetId: userId,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        await createNotification(
          tx,
          userId,
          'info',
          officerAccess
            ? 'You were given officer access: the Officers Panel is in your account menu.'
            : 'Your officer access was removed.',
        );
        await sessions.userChanged(tx, userId);
      });
      return operatorUser(db, userId);
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
