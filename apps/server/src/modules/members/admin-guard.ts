import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { users } from '../users/schema.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { SessionUser } from '../sessions/index.ts';

type UserRow = typeof users.$inferSelect;

/** What a change leaves of the person: their role and status afterwards (null: deleted). */
export type After = { role: UserRow['role']; status: UserRow['status'] } | null;

const isActiveAdmin = (user: After) =>
  user !== null &&
  user.status === 'active' &&
  (user.role === 'admin' || user.role === 'super_admin');
const isActiveSuperAdmin = (user: After) =>
  user !== null && user.status === 'active' && user.role === 'super_admin';

/**
 * Locks the rows the admin rules count, then the target, and answers the target as it is now.
 *
 * The organization's active admins and the platform's active super admins are locked in one
 * statement, in id order, before anything is counted: two admins demoting each other at once
 * queue on the same rows, and PostgreSQL evaluates the WHERE again for the one that waited, so
 * it counts the admins the first one left (see docs/members.md).
 */
export async function lockForChange(tx: Tx, actor: SessionUser, targetId: number) {
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      actor.role === 'super_admin'
        ? eq(users.id, targetId)
        : and(eq(users.id, targetId), eq(users.organizationId, actor.organizationId)),
    );
  if (!found) throw notFound('User not found');
  const locked = await lockAdminRules(tx, targetId);
  const { target, organizationAdmins } = locked;

  // An admin may have lost their role while this request waited for the lock.
  if (actor.role !== 'super_admin' && !organizationAdmins.some((row) => row.id === actor.id)) {
    throw forbidden('You are no longer an admin of this organization.');
  }
  if (target.role === 'super_admin' && actor.role !== 'super_admin') {
    throw forbidden('Only a platform operator can change a platform operator’s account.');
  }
  return locked;
}

/**
 * The locks of `lockForChange` without an actor's rights, for a change the platform makes by
 * law (an officer's erasure): the same rows in the same order, so it queues with every other.
 */
export async function lockAdminRules(tx: Tx, targetId: number) {
  const [found] = await tx
    .select({ organizationId: users.organizationId, role: users.role })
    .from(users)
    .where(eq(users.id, targetId));
  if (!found) throw notFound('User not found');
  const admins = await tx
    .select({ id: users.id, organizationId: users.organizationId, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        or(
          and(
            eq(users.organizationId, found.organizationId),
            inArray(users.role, ['admin', 'super_admin']),
          ),
          // The platform's operators only when one of them is changed: other changes need not
          // queue behind every organization's.
          found.role === 'super_admin' ? eq(users.role, 'super_admin') : undefined,
        ),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
  if (!target) throw notFound('User not found');
  const organizationAdmins = admins.filter((row) => row.organizationId === target.organizationId);
  const superAdmins = admins.filter((row) => row.role === 'super_admin');

  return {
    target,
    organizationAdmins,
    superAdmins,
    /** Refuses a change that would leave the organization, or the platform, without an admin. */
    assertAdminsRemain(after: After) {
      const othersInOrganization = organizationAdmins.filter((row) => row.id !== target.id);
      if (
        organizationAdmins.some((row) => row.id === target.id) &&
        othersInOrganization.length === 0 &&
        !isActiveAdmin(after)
      ) {
        throw conflict(
          `${target.username} is the organization's last active admin: make someone else an admin first, so that the organization always keeps one.`,
        );
      }
      if (
        superAdmins.some((row) => row.id === target.id) &&
        superAdmins.length === 1 &&
        !isActiveSuperAdmin(after)
      ) {
        throw conflict(
          `${target.username} is the platform's last active super admin: another must exist before this change.`,
        );
      }
    },
  };
}
