import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { organizations } from './schema.ts';

/**
 * Locks the organization's row until the caller's transaction ends: changes of one
 * organization that must not interleave (its cards, its credit) queue on it. False when there
 * is no such organization.
 */
export async function lockOrganization(tx: DbOrTx, organizationId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return Boolean(row);
}

/** Whether the organization exists. */
export async function organizationExists(db: DbOrTx, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return Boolean(row);
}

/**
 * The organization's credit balance (cents), its row locked until commit when asked; null when
 * there is no such organization. The credits module keeps it, through `addToCreditBalance`.
 */
export async function creditBalanceOf(
  db: DbOrTx,
  organizationId: number,
  options: { lock?: boolean } = {},
): Promise<number | null> {
  const query = db
    .select({ balance: organizations.creditBalanceCents })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.balance ?? null;
}

/**
 * Adds to the credit balance (a negative amount takes from it) in one update, which locks the
 * row, and answers the balance after; null when there is no such organization. Only the
 * credits module calls it, with the ledger entry that says why.
 */
export async function addToCreditBalance(
  tx: Tx,
  organizationId: number,
  amountCents: number,
): Promise<number | null> {
  const [row] = await tx
    .update(organizations)
    .set({ creditBalanceCents: sql`${organizations.creditBalanceCents} + ${amountCents}` })
    .where(eq(organizations.id, organizationId))
    .returning({ balance: organizations.creditBalanceCents });
  return row?.balance ?? null;
}

/** The organization's name; null when there is no such organization. */
export async function organizationNameOf(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? null;
}

/**
 * The organization's support plan (its slug), its row locked until commit when asked; null
 * when there is no such organization. Billing sets it (`setSupportPlan`) as plans change.
 */
export async function supportPlanOf(
  db: DbOrTx,
  organizationId: number,
  options: { lock?: boolean } = {},
): Promise<string | null> {
  const query = db
    .select({ plan: organizations.supportPlan })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.plan ?? null;
}

export async function setSupportPlan(tx: Tx, organizationId: number, plan: string, now: Date) {
  await tx
    .update(organizations)
    .set({ supportPlan: plan, updatedAt: now })
    .where(eq(organizations.id, organizationId));
}

/** Since when and why ordering is suspended (billing's, for overdue renewals); `since` null: not. */
export interface OrderingSuspension {
  since: Date | null;
  reason: string | null;
}

/** The organization's ordering suspension, its row locked until commit when asked. */
export async function orderingSuspensionOf(
  db: DbOrTx,
  organizationId: number,
  options: { lock?: boolean } = {},
): Promise<OrderingSuspension | null> {
  const query = db
    .select({
      since: organizations.orderingSuspendedAt,
      reason: organizations.orderingSuspendedReason,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes what is given of the suspension: its start, its reason (null lifts either). */
export async function setOrderingSuspension(
  tx: Tx,
  organizationId: number,
  suspension: Partial<OrderingSuspension>,
) {
  await tx
    .update(organizations)
    .set({
      ...(suspension.since === undefined ? {} : { orderingSuspendedAt: suspension.since }),
      ...(suspension.reason === undefined ? {} : { orderingSuspendedReason: suspension.reason }),
    })
    .where(eq(organizations.id, organizationId));
}

/** The names of organizations by id, a page of them at once (a list naming each row's). */
export async function organizationNamesOf(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** When the organization was created; null when there is no such organization. */
export async function organizationCreatedAt(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ createdAt: organizations.createdAt })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.createdAt ?? null;
}

/**
 * What the billing summary shows of the organization in one read: its credit balance and its
 * ordering suspension; null when there is no such organization.
 */
export async function billingStandingOf(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({
      balance: organizations.creditBalanceCents,
      suspendedAt: organizations.orderingSuspendedAt,
      suspendedReason: organizations.orderingSuspendedReason,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}
