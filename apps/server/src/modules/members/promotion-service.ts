import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PromotionListQuery, PromotionRequest } from '@alpenkube/contract';
import { isAdminRole } from '@alpenkube/contract/permissions';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import { promotionRequests } from './schema.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { SessionStore } from '../sessions/index.ts';
import { createNotification, notifyOrganizationAdmins } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { lockForChange } from './admin-guard.ts';
import { auditChange, displayName, scopeOf, visibleTo } from './member-view.ts';

const asker = alias(users, 'asker');
const decider = alias(users, 'decider');

function selectRequests(db: DbOrTx) {
  return db
    .select({
      request: promotionRequests,
      username: asker.username,
      name: asker.name,
      email: asker.email,
      organizationName: organizations.name,
      deciderName: decider.name,
      deciderUsername: decider.username,
    })
    .from(promotionRequests)
    .innerJoin(asker, eq(asker.id, promotionRequests.userId))
    .innerJoin(organizations, eq(organizations.id, promotionRequests.organizationId))
    .leftJoin(decider, eq(decider.id, promotionRequests.decidedBy));
}

type Row = Awaited<ReturnType<typeof selectRequests>>[number];

const toRequest = (row: Row): PromotionRequest => ({
  id: row.request.id,
  userId: row.request.userId,
  username: row.username,
  name: row.name,
  email: row.email,
  reason: row.request.reason,
  status: row.request.status,
  decidedBy: row.deciderUsername
    ? displayName({ name: row.deciderName, username: row.deciderUsername })
    : null,
  decidedAt: row.request.decidedAt?.toISOString() ?? null,
  decisionNote: row.request.decisionNote,
  createdAt: row.request.createdAt.toISOString(),
  organizationId: row.request.organizationId,
  organizationName: row.organizationName,
});

async function loadRequest(db: DbOrTx, id: number) {
  const [row] = await selectRequests(db).where(eq(promotionRequests.id, id));
  return toRequest(row!);
}

type Deps = Pick<Infrastructure, 'db'> & { sessions: SessionStore };

/** A member's request to become an admin of their organization, and the admins' answer. */
export function createPromotionService(deps: Deps) {
  const { db, sessions } = deps;

  /** Locks a pending request the actor may answer, and its asker under the admin rules. */
  /**
   * The asker's row and the admins' first (as every change of a person locks them), then the
   * request: in the same order as a removal, which deletes the request, so the two cannot
   * deadlock.
   */
  async function lockPending(tx: Tx, actor: SessionUser, id: number) {
    const [asked] = await tx
      .select({ userId: promotionRequests.userId })
      .from(promotionRequests)
      .where(visibleTo(actor, promotionRequests, eq(promotionRequests.id, id)));
    if (!asked) throw notFound('Promotion request not found');
    const locked = await lockForChange(tx, actor, asked.userId);
    const [request] = await tx
      .select()
      .from(promotionRequests)
      .where(visibleTo(actor, promotionRequests, eq(promotionRequests.id, id)))
      .for('update');
    if (!request) throw notFound('Promotion request not found');
    if (request.status !== 'pending') {
      throw conflict(`This request was already ${request.status}.`);
    }
    return { request, ...locked };
  }

  return {
    async request(
      actor: SessionUser,
      reason: string,
      client: ClientInfo,
    ): Promise<PromotionRequest> {
      try {
        return await db.transaction(async (tx) => {
          const [self] = await tx
            .select({ role: users.role })
            .from(users)
            .where(eq(users.id, actor.id));
          if (!self || isAdminRole(self.role))
            throw conflict('You are already an admin of your organization.');
          const [row] = await tx
            .insert(promotionRequests)
            .values({ userId: actor.id, organizationId: actor.organizationId, reason })
            .returning({ id: promotionRequests.id });
          await notifyOrganizationAdmins(
            tx,
            actor.organizationId,
            'info',
            `${displayName(actor)} (${actor.email}) asked to become an admin. Answer in User Management › Promotion requests.`,
          );
          await auditChange(tx, actor, client, {
            action: 'promotion.request',
            organizationId: actor.organizationId,
            targetId: actor.id,
            details: { requestId: row!.id },
          });
          return loadRequest(tx, row!.id);
        });
      } catch (error) {
        if (uniqueViolation(error)) {
          throw conflict('You already asked: your request waits for an admin’s answer.');
        }
        throw error;
      }
    },

    async mine(actor: SessionUser): Promise<PromotionRequest | null> {
      const [row] = await selectRequests(db)
        .where(eq(promotionRequests.userId, actor.id))
        .orderBy(desc(promotionRequests.id))
        .limit(1);
      return row ? toRequest(row) : null;
    },

    async list(actor: SessionUser, query: PromotionListQuery): Promise<PromotionRequest[]> {
      const scope = scopeOf(actor, query.organizationId);
      const rows = await selectRequests(db)
        .where(
          and(
            scope === null ? undefined : eq(promotionRequests.organizationId, scope),
            query.status ? eq(promotionRequests.status, query.status) : undefined,
          ),
        )
        .orderBy(desc(promotionRequests.id))
        .limit(200);
      return rows.map(toRequest);
    },

    async approve(actor: SessionUser, id: number, note: string | undefined, client: ClientInfo) {
      // The answer is read in the same transaction: a removal right after may delete the request.
      return db.transaction(async (tx) => {
        const { request, target } = await lockPending(tx, actor, id);
        if (target.status !== 'active' || isAdminRole(target.role)) {
          throw conflict(
            `${target.username} cannot be promoted now (role ${target.role}, status ${target.status}); refuse the request instead.`,
          );
        }
        await tx
          .update(users)
          .set({ role: 'admin', updatedAt: new Date() })
          .where(eq(users.id, target.id));
        await sessions.userChanged(tx, target.id);
        await tx
          .update(promotionRequests)
          .set({
            status: 'approved',
            decidedBy: actor.id,
            decidedAt: new Date(),
            decisionNote: note || null,
          })
          .where(eq(promotionRequests.id, id));
        await createNotification(
          tx,
          target.id,
          'success',
          `Your request to become an admin was approved: you can now manage your organization's people in User Management.${note ? ` Note: ${note}` : ''}`,
        );
        await auditChange(tx, actor, client, {
          action: 'promotion.approve',
          organizationId: request.organizationId,
          targetId: target.id,
          details: { requestId: id, from: 'user', to: 'admin' },
        });
        return loadRequest(tx, id);
      });
    },

    async refuse(actor: SessionUser, id: number, note: string, client: ClientInfo) {
      return db.transaction(async (tx) => {
        const { request } = await lockPending(tx, actor, id);
        await tx
          .update(promotionRequests)
          .set({
            status: 'refused',
            decidedBy: actor.id,
            decidedAt: new Date(),
            decisionNote: note,
          })
          .where(eq(promotionRequests.id, id));
        await createNotification(
          tx,
          request.userId,
          'info',
          `Your request to become an admin was declined: ${note}`,
        );
        await auditChange(tx, actor, client, {
          action: 'promotion.refuse',
          organizationId: request.organizationId,
          targetId: request.userId,
          details: { requestId: id },
        });
        return loadRequest(tx, id);
      });
    },
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
