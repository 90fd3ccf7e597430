import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from './schema.ts';

/** A person as stored: what the modules that act for or on people read of them. */
export type UserRecord = typeof users.$inferSelect;
export type UserChanges = Partial<typeof users.$inferInsert>;

/** One person by id, locked until commit when asked; null when there is none. */
export async function findUser(
  db: DbOrTx,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<UserRecord | null> {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes exactly the given columns of one person (`updatedAt` too, when the caller gives it). */
export async function setUser(db: DbOrTx, userId: number, changes: UserChanges) {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Whether another person than `exceptUserId` has this e-mail address. */
export async function emailTakenByOther(
  db: DbOrTx,
  email: string,
  exceptUserId: number,
): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)));
  return Boolean(taken);
}

/** How people are shown: name, username and organization, by id, a page of them in one query. */
export async function namesOf(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, { name: string | null; username: string; organizationId: number }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map(({ id, ...shown }) => [id, shown]));
}

/**
 * The organization's active people (admins and platform operators in it only, when asked), the
 * oldest account first: whom a notice of the organization goes to.
 */
export async function activeMembersOf(
  db: DbOrTx,
  organizationId: number,
  options: { admins?: boolean } = {},
): Promise<{ id: number; email: string; role: UserRecord['role'] }[]> {
  return db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        options.admins ? inArray(users.role, ['admin', 'super_admin']) : undefined,
        eq(users.status, 'active'),
      ),
    )
    .orderBy(asc(users.id));
}

/** The ids of everyone with a role (the platform's super admins, say), whatever their organization. */
export async function idsWithRole(db: DbOrTx, role: UserRecord['role']): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, role));
  return rows.map((row) => row.id);
}

/**
 * The people whose username or e-mail is the text, as stored (both lower-cased, so the text
 * meets their unique indexes), at most `limit`.
 */
export async function idsByLogin(db: DbOrTx, text: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.username, text), eq(users.email, text)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The ids of every person of the organization, whatever their status. */
export async function idsInOrganization(db: DbOrTx, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  return rows.map((row) => row.id);
}
