import { desc } from 'drizzle-orm';
import type { CreditEntry, CreditKind, Credits } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { addToCreditBalance, creditBalanceOf } from '../organizations/index.ts';
import { creditTransactions } from './schema.ts';

export interface CreditMovement {
  organizationId: number;
  kind: CreditKind;
  /** Signed cents: positive adds to the balance, negative takes from it. */
  amountCents: number;
  description: string;
  orderId?: number | null;
  invoiceId?: number | null;
  renewalId?: number | null;
  actorUserId?: number | null;
}

type CreditRow = typeof creditTransactions.$inferSelect;

export const toCreditEntry = (row: CreditRow): CreditEntry => ({
  id: row.id,
  kind: row.kind,
  amount: row.amountCents,
  balanceAfter: row.balanceAfterCents,
  description: row.description,
  orderId: row.orderId,
  invoiceId: row.invoiceId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The one way an organization's credit balance changes: the balance and the history entry
 * saying why are written in the caller's transaction, the balance row locked by the update, so
 * `balance_after` is exact however many payments race. Nothing here refuses a balance going
 * below zero: the callers take at most what is there.
 */
export async function moveCredit(tx: Tx, movement: CreditMovement): Promise<CreditEntry | null> {
  if (movement.amountCents === 0) return null;
  const balance = await addToCreditBalance(tx, movement.organizationId, movement.amountCents);
  if (balance === null) throw new Error(`No organization ${movement.organizationId}`);
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      organizationId: movement.organizationId,
      kind: movement.kind,
      amountCents: movement.amountCents,
      balanceAfterCents: balance,
      description: movement.description,
      orderId: movement.orderId ?? null,
      invoiceId: movement.invoiceId ?? null,
      renewalId: movement.renewalId ?? null,
      actorUserId: movement.actorUserId ?? null,
    })
    .returning();
  return toCreditEntry(row!);
}

/** The balance a payment may take now, with the organization's row locked until commit. */
export async function lockCreditBalance(tx: Tx, organizationId: number): Promise<number> {
  return Math.max((await creditBalanceOf(tx, organizationId, { lock: true })) ?? 0, 0);
}

export const CREDIT_HISTORY_LIMIT = 100;

export async function readCredits(db: DbOrTx, organizationId: number): Promise<Credits> {
  const balance = await creditBalanceOf(db, organizationId);
  const history = await db
    .select()
    .from(creditTransactions)
    .where(inOrganization(creditTransactions, organizationId))
    .orderBy(desc(creditTransactions.id))
    .limit(CREDIT_HISTORY_LIMIT);
  return {
    currency: 'USD',
    balance: balance ?? 0,
    history: history.map(toCreditEntry),
  };
}
