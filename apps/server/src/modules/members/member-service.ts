import { and, asc, count, desc, eq, gt, ilike, isNull, lt, ne, or } from 'drizzle-orm';
import type {
  AssignableRole,
  Member,
  MemberListQuery,
  MembersSummary,
  Removal,
} from '@alpenkube/contract';
import { MEMBER_PAGE_SIZE, roleLabels } from '@alpenkube/contract';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import { invitations, promotionRequests } from './schema.ts';
import type { Tx } from '../../db/client.ts';
import { databaseErrorCode } from '../../db/errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { SessionStore } from '../sessions/index.ts';
import { revokeApiTokensOf } from '../api-tokens/index.ts';
import { revokeKubeCredentialsOf } from '../clusters/index.ts';
import { queueMail } from '../mail/index.ts';
import { createNotification, rewordNotifications } from '../notifications/index.ts';
import { idsInOrganization } from '../users/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { lockForChange } from './admin-guard.ts';
import {
  auditChange,
  displayName,
  loadMember,
  memberColumns,
  scopeOf,
  targetOrganizationOf,
  toMember,
} from './member-view.ts';

type Deps = Pick<Infrastructure, 'db' | 'config'> & { sessions: SessionStore };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What an organization's admins do to its people (a super admin: to anyone's). */
export function createMemberService(deps: Deps) {
  const { db, sessions } = deps;
  const { publicUrl } = deps.config;

  /** Runs a change of one person under the admin rules' locks, and answers them afterwards. */
  function change(
    actor: SessionUser,
    userId: number,
    run: (tx: Tx, locked: Awaited<ReturnType<typeof lockForChange>>) => Promise<void>,
  ): Promise<Member> {
    return db.transaction(async (tx) => {
      const locked = await lockForChange(tx, actor, userId);
      await run(tx, locked);
      return loadMember(tx, actor, userId);
    });
  }

  /**
   * Everything that lets a person in, ended in the change's transaction: their sessions (every
   * instance drops them and closes their sockets), their API tokens and their Kubernetes API
   * credentials. Tokens and credentials are revoked, not merely refused while the account is
   * disabled, so enabling it again gives none of them back.
   */
  async function endAccess(tx: Tx, actor: SessionUser, userId: number) {
    await sessions.destroyAllForUser(tx, userId);
    await revokeApiTokensOf(tx, userId, actor.id);
    await revokeKubeCredentialsOf(tx, userId);
  }

  /**
   * Answers a pending registration: anything but a pending person is a 409. Sets the new status
   * and answers the organization's name, which the notice and the mail carry.
   */
  async function settleRegistration(
    tx: Tx,
    target: Awaited<ReturnType<typeof lockForChange>>['target'],
    status: 'active' | 'rejected',
    statusReason: string | null,
  ): Promise<string> {
    if (target.status !== 'pending_approval') {
      throw conflict(`${target.username} is not waiting for approval (status ${target.status}).`);
    }
    await tx
      .update(users)
      .set({ status, statusReason, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, target.organizationId));
    return organization!.name;
  }

  const refuseSelf = (actor: SessionUser, userId: number, what: string) => {
    if (actor.id === userId) throw conflict(`You cannot ${what} your own account.`);
  };

  async function summary(actor: SessionUser, organizationId?: number): Promise<MembersSummary> {
    const scope = scopeOf(actor, organizationId);
    const inScope = <T extends { organizationId: typeof users.organizationId }>(table: T) =>
      scope === null ? undefined : eq(table.organizationId, scope);
    const [[registrations], [promotions], [invited], [organization]] = await Promise.all([
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.status, 'pending_approval'), inScope(users))),
      db
        .select({ n: count() })
        .from(promotionRequests)
        .where(
          and(
            eq(promotionRequests.status, 'pending'),
            scope === null ? undefined : eq(promotionRequests.organizationId, scope),
          ),
        ),
      db
        .select({ n: count() })
        .from(invitations)
        .where(
          and(
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, new Date()),
            scope === null ? undefined : eq(invitations.organizationId, scope),
          ),
        ),
      scope === null
        ? Promise.resolve([])
        : db
            .select({ name: organizations.name, mfaRequired: organizations.mfaRequired })
            .from(organizations)
            .where(eq(organizations.id, scope)),
    ]);
    if (scope !== null && !organization) throw notFound('Organization not found');
    return {
      pendingRegistrations: registrations?.n ?? 0,
      pendingPromotions: promotions?.n ?? 0,
      pendingInvitations: invited?.n ?? 0,
      mfaRequired: organization?.mfaRequired ?? null,
      organizationName: organization?.name ?? null,
    };
  }

  return {
    async list(actor: SessionUser, query: MemberListQuery): Promise<Member[]> {
      const scope = scopeOf(actor, query.organizationId);
      const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
      const rows = await db
        .select(memberColumns)
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(
          and(
            scope === null ? undefined : eq(users.organizationId, scope),
            query.status ? eq(users.status, query.status) : undefined,
            query.before ? lt(users.id, query.before) : undefined,
            pattern
              ? or(
                  ilike(users.username, pattern),
                  ilike(users.email, pattern),
                  ilike(users.name, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(desc(users.id))
        .limit(query.limit ?? MEMBER_PAGE_SIZE);
      return rows.map(toMember);
    },

    /** People waiting for an admin's answer, the longest-waiting first. */
    async registrations(actor: SessionUser, organizationId?: number): Promise<Member[]> {
      const scope = scopeOf(actor, organizationId);
      const rows = await db
        .select(memberColumns)
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(
          and(
            eq(users.status, 'pending_approval'),
            scope === null ? undefined : eq(users.organizationId, scope),
          ),
        )
        .orderBy(asc(users.id))
        .limit(200);
      return rows.map(toMember);
    },

    summary,

    approve(actor: SessionUser, userId: number, client: ClientInfo): Promise<Member> {
      return change(actor, userId, async (tx, { target }) => {
        const organization = await settleRegistration(tx, target, 'active', null);
        await sessions.userChanged(tx, userId);
        await createNotification(
          tx,
          userId,
          'success',
          `Welcome aboard: an admin approved your request to join ${organization}.`,
        );
        await queueMail(tx, {
          to: target.email,
          subject: `You joined ${organization} on Alpenkube`,
          text:
            `Hello ${displayName(target)},\n\nAn admin of ${organization} approved your request to join the organization. ` +
            `Sign in to see its clusters and orders:\n${publicUrl}/auth\n`,
        });
        await auditChange(tx, actor, client, {
          action: 'user.approve',
          organizationId: target.organizationId,
          targetId: userId,
        });
      });
    },

    reject(actor: SessionUser, userId: number, reason: string, client: ClientInfo) {
      return change(actor, userId, async (tx, { target }) => {
        const organization = await settleRegistration(tx, target, 'rejected', reason);
        await sessions.destroyAllForUser(tx, userId);
        await sessions.userChanged(tx, userId);
        await createNotification(
          tx,
          userId,
          'error',
          `Your request to join ${organization} was declined: ${reason}`,
        );
        await queueMail(tx, {
          to: target.email,
          subject: `Your request to join ${organization}`,
          text:
            `Hello ${displayName(target)},\n\nAn admin of ${organization} declined your request to join the organization.\n\n` +
            `Reason: ${reason}\n\nIf you think this is a mistake, contact the organization's admins directly.\n`,
        });
        await auditChange(tx, actor, client, {
          action: 'user.reject',
          organizationId: target.organizationId,
          targetId: userId,
        });
      });
    },

    changeRole(actor: SessionUser, userId: number, role: AssignableRole, client: ClientInfo) {
      return change(actor, userId, async (tx, { target, assertAdminsRemain }) => {
        if (target.status === 'pending_approval' || target.status === 'rejected') {
          throw conflict(`Approve ${target.username}'s registration before changing their role.`);
        }
        if (target.role === role) return;
        assertAdminsRemain({ role, status: target.status });
        await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
        await sessions.userChanged(tx, userId);
        await createNotification(
          tx,
          userId,
          'info',
          role === 'admin'
            ? 'You are now an admin of your organization: you can manage its people in User Management.'
            : `Your role in your organization is now ${roleLabels[role]}.`,
        );
        await auditChange(tx, actor, client, {
          action: 'user.role_change',
          organizationId: target.organizationId,
          targetId: userId,
          details: { from: target.role, to: role },
        });
      });
    },

    disable(actor: SessionUser, userId: number, reason: string, client: ClientInfo) {
      refuseSelf(actor, userId, 'disable');
      return change(actor, userId, async (tx, { target, assertAdminsRemain }) => {
        if (target.status !== 'active') {
          throw conflict(
            `Only an active account can be disabled; ${target.username}'s is ${target.status}.`,
          );
        }
        assertAdminsRemain({ role: target.role, status: 'disabled' });
        await tx
          .update(users)
          .set({ status: 'disabled', statusReason: reason, updatedAt: new Date() })
          .where(eq(users.id, userId));
        // Every instance drops the sessions now, not at their next cache reload.
        await endAccess(tx, actor, userId);
        await sessions.userChanged(tx, userId);
        await queueMail(tx, {
          to: target.email,
          subject: 'Your Alpenkube account was disabled',
          text:
            `Hello ${displayName(target)},\n\nAn admin of your organization disabled your Alpenkube account.\n\n` +
            `Reason: ${reason}\n\nContact your organization's admins to have it enabled again.\n`,
        });
        await auditChange(tx, actor, client, {
          action: 'user.disable',
          organizationId: target.organizationId,
          targetId: userId,
        });
      });
    },

    enable(actor: SessionUser, userId: number, client: ClientInfo) {
      return change(actor, userId, async (tx, { target }) => {
        if (target.status !== 'disabled') {
          throw conflict(
            `Only a disabled account can be enabled; ${target.username}'s is ${target.status}.`,
          );
        }
        if (target.erasedAt) throw conflict('This account was erased and cannot be enabled.');
        await tx
          .update(users)
          .set({ status: 'active', statusReason: null, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await sessions.userChanged(tx, userId);
        await createNotification(tx, userId, 'success', 'Your account was enabled again.');
        await auditChange(tx, actor, client, {
          action: 'user.enable',
          organizationId: target.organizationId,
          targetId: userId,
        });
      });
    },

    /**
     * Deletes the account when nothing but its own data (sessions, notifications, requests)
     * refers to it; when orders, tickets, payments or cluster history name it, those records must
     * keep their author, so the account is disabled instead (see docs/members.md).
     */
    async remove(actor: SessionUser, userId: number, client: ClientInfo): Promise<Removal> {
      refuseSelf(actor, userId, 'remove');
      return db.transaction(async (tx) => {
        const { target, assertAdminsRemain } = await lockForChange(tx, actor, userId);
        assertAdminsRemain(null);
        await endAccess(tx, actor, userId);
        let deleted = true;
        try {
          // A savepoint: a refused delete must not abort the whole transaction.
          await tx.transaction((inner) => inner.delete(users).where(eq(users.id, userId)));
        } catch (error) {
          if (databaseErrorCode(error) !== '23503') throw error;
          deleted = false;
        }
        if (!deleted) {
          await tx
            .update(users)
            .set({
              status: 'disabled',
              statusReason: 'Removed from the organization by an admin',
              updatedAt: new Date(),
            })
            .where(and(eq(users.id, userId), ne(users.status, 'rejected')));
          await sessions.userChanged(tx, userId);
        }
        // Requests to join once named the person in every admin's notifications; they now
        // read like today's, which name nobody.
        const legacy = `${target.username} (${target.email}) asked to join `;
        await rewordNotifications(
          tx,
          await idsInOrganization(tx, target.organizationId),
          legacy,
          'A new person asked to join ',
        );
        await auditChange(tx, actor, client, {
          action: 'user.remove',
          organizationId: target.organizationId,
          targetId: userId,
          // Ids only: the trail outlives the account and can never be scrubbed.
          details: { outcome: deleted ? 'deleted' : 'disabled' },
        });
        return deleted
          ? { outcome: 'deleted' as const, message: `${target.username} was removed.` }
          : {
              outcome: 'disabled' as const,
              message: `${target.username} was removed from the organization. Orders, tickets or payments still name them, so the account is kept, disabled, for those records.`,
            };
      });
    },

    /**
     * Requires two-factor authentication of every member, or stops requiring it. Each member's
     * cached session is reloaded on every instance, so the requirement applies at once.
     */
    async setMfaRequired(
      actor: SessionUser,
      input: { required: boolean; organizationId?: number },
      client: ClientInfo,
    ): Promise<MembersSummary> {
      const organizationId = targetOrganizationOf(actor, input.organizationId);
      await db.transaction(async (tx) => {
        const [organization] = await tx
          .select({ id: organizations.id, mfaRequired: organizations.mfaRequired })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        if (!organization) throw notFound('Organization not found');
        if (organization.mfaRequired === input.required) return;
        if (input.required && organizationId === actor.organizationId) {
          const [self] = await tx
            .select({ totpEnabled: users.totpEnabled })
            .from(users)
            .where(eq(users.id, actor.id));
          if (!self?.totpEnabled) {
            throw conflict(
              'Set up two-factor authentication for your own account first (Settings › Two-factor): otherwise requiring it would lock you out.',
            );
          }
        }
        await tx
          .update(organizations)
          .set({ mfaRequired: input.required, updatedAt: new Date() })
          .where(eq(organizations.id, organizationId));
        const members = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.organizationId, organizationId));
        for (const member of members) await sessions.userChanged(tx, member.id);
        await auditChange(tx, actor, client, {
          action: 'organization.mfa_required',
          organizationId,
          targetType: 'organization',
          targetId: organizationId,
          details: { required: input.required },
        });
      });
      return summary(actor, organizationId);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
