import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentMethods } from '../payments/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockCreditBalance, moveCredit } from '../credits/index.ts';
import type { Charge, PaymentGateway } from '../payments/index.ts';

/** A card that wants its holder to confirm cannot be charged while nobody is there. */
export const CONFIRM_MESSAGE = 'Your bank asks to confirm this payment: pay it from Billing.';
export const NO_CARD_MESSAGE = 'There is no card to charge: add a card, then pay it from Billing.';
export const CARD_REMOVED_MESSAGE =
  'The card of this payment was removed: add a card, then pay it from Billing.';

/** One attempt at charging: what it took from the credit balance and asks of the card. */
export interface Attempt {
  /** Counted from 1; with the target's key, the gateway's idempotency key. */
  number: number;
  creditApplied: number;
  cardAmount: number;
  paymentMethodId: number | null;
}

/** Whose credit pays, for what (in the ledger's words: "renewal of cluster web"), linked to what. */
export interface Ledger {
  organizationId: number;
  what: string;
  renewalId?: number;
  invoiceId?: number;
}

/** What the locked row says to do. */
export type Begin =
  /** Paid, void, not due: nothing to charge. */
  | { kind: 'nothing'; outcome: ChargeOutcome }
  /** An attempt was started and not settled (a crash, or another run is at it): carry it on. */
  | { kind: 'resume'; attempt: Attempt; ledger: Ledger }
  | {
      kind: 'new';
      amountCents: number;
      /** Attempts so far: the new one is the next number. */
      attempts: number;
      ledger: Ledger;
    };

export type ChargeOutcome =
  | { status: 'paid' }
  | { status: 'failed'; reason: string }
  /** Nothing was charged and nothing failed (not due, cancelled, already settled elsewhere). */
  | { status: 'skipped' };

/**
 * Something an organization owes and pays off-session (a renewal, an invoice): its row keeps
 * the attempt in flight (`started`), so a run cut off between the two transactions, or a second
 * run at the same time, carries that attempt on with the same idempotency key instead of
 * charging again.
 */
export interface ChargeTarget {
  /** `renewal-12`: the gateway's idempotency key is this and the attempt's number. */
  key: string;
  /** First transaction: locks the row and says what to do. */
  begin(tx: Tx): Promise<Begin>;
  /** Writes the new attempt (the credit it holds, the card and its amount) before the card is charged. */
  started(tx: Tx, attempt: Attempt): Promise<void>;
  /**
   * Second transaction: locks the row; null while this attempt is still the one in flight,
   * otherwise what became of it (another run settled it).
   */
  settling(tx: Tx, attempt: Attempt): Promise<ChargeOutcome | null>;
  succeeded(tx: Tx, attempt: Attempt, gatewayChargeId: string | null): Promise<void>;
  /** The attempt failed; the credit it held is already back on the balance. */
  failed(tx: Tx, attempt: Attempt, reason: string): Promise<void>;
}

type Plan =
  | { kind: 'done'; outcome: ChargeOutcome }
  | { kind: 'charge'; attempt: Attempt; token: string | null; ledger: Ledger };

async function defaultCard(tx: Tx, organizationId: number) {
  const [card] = await tx
    .select({ id: paymentMethods.id, token: paymentMethods.gatewayToken })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.organizationId, organizationId),
        eq(paymentMethods.isDefault, true),
        isNull(paymentMethods.removedAt),
      ),
    );
  return card ?? null;
}

/**
 * The token of the card an attempt in flight was started with, even if the card was removed
 * since: the gateway may have charged it already (a run cut off after the charge), and only
 * asking again with the same key and token finds that charge. Given up instead, the attempt
 * would be recorded as failed, its credit released, and the next attempt would charge again.
 */
async function tokenOf(tx: Tx, paymentMethodId: number | null): Promise<string | null> {
  if (paymentMethodId === null) return null;
  const [card] = await tx
    .select({ token: paymentMethods.gatewayToken })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, paymentMethodId));
  return card?.token ?? null;
}

/** What the gateway says of the attempt, outside any transaction. */
async function askGateway(
  gateway: PaymentGateway,
  key: string,
  attempt: Attempt,
  token: string | null,
): Promise<{ ok: true; chargeId: string } | { ok: false; reason: string }> {
  if (!token) return { ok: false, reason: CARD_REMOVED_MESSAGE };
  let charge: Charge;
  try {
    charge = await gateway.charge({
      token,
      amountCents: attempt.cardAmount,
      idempotencyKey: `${key}-${attempt.number}`,
      returnUrl: '/billing',
    });
    // Nobody is there to confirm: the challenge is given up, unless it was completed meanwhile.
    if (charge.status === 'requires_action') charge = await gateway.cancelCharge(charge.id);
  } catch (error) {
    // The gateway refused the request itself (a token it does not know): a failure to record.
    if (error instanceof HttpError && error.statusCode < 500) {
      return { ok: false, reason: error.message };
    }
    // Unreachable or broken: the attempt stays in flight and the next run asks again.
    throw error;
  }
  if (charge.status === 'succeeded') return { ok: true, chargeId: charge.id };
  if (charge.status === 'requires_action' || charge.status === 'cancelled') {
    return { ok: false, reason: CONFIRM_MESSAGE };
  }
  return { ok: false, reason: charge.declineMessage ?? 'The card was declined.' };
}

/**
 * Charges what a target owes off-session: the credit balance first (moved by `moveCredit` with
 * the target's link), then the organization's default card through the gateway. The gateway is
 * called between two short transactions, never inside one; the attempt is written on the
 * target's row by the first, so a crash in between, or a second run racing this one, asks the
 * gateway again with the same idempotency key and gets the same charge. A failure gives the
 * credit back (`release`).
 */
export async function chargeOffSession(
  db: Db,
  gateway: PaymentGateway,
  target: ChargeTarget,
): Promise<ChargeOutcome> {
  const plan = await db.transaction(async (tx): Promise<Plan> => {
    const begin = await target.begin(tx);
    if (begin.kind === 'nothing') return { kind: 'done', outcome: begin.outcome };
    if (begin.kind === 'resume') {
      return {
        kind: 'charge',
        attempt: begin.attempt,
        token: await tokenOf(tx, begin.attempt.paymentMethodId),
        ledger: begin.ledger,
      };
    }
    const { ledger } = begin;
    const balance = await lockCreditBalance(tx, ledger.organizationId);
    const creditApplied = Math.min(balance, Math.max(begin.amountCents, 0));
    const cardAmount = Math.max(begin.amountCents, 0) - creditApplied;
    const number = begin.attempts + 1;
    const card = cardAmount > 0 ? await defaultCard(tx, ledger.organizationId) : null;
    if (cardAmount > 0 && !card) {
      const attempt = { number, creditApplied: 0, cardAmount: 0, paymentMethodId: null };
      await target.failed(tx, attempt, NO_CARD_MESSAGE);
      return { kind: 'done', outcome: { status: 'failed', reason: NO_CARD_MESSAGE } };
    }
    await moveCredit(tx, {
      organizationId: ledger.organizationId,
      kind: 'payment',
      amountCents: -creditApplied,
      description: `Paid towards ${ledger.what}`,
      renewalId: ledger.renewalId,
      invoiceId: ledger.invoiceId,
    });
    const attempt = { number, creditApplied, cardAmount, paymentMethodId: card?.id ?? null };
    await target.started(tx, attempt);
    if (cardAmount === 0) {
      await target.succeeded(tx, attempt, null);
      return { kind: 'done', outcome: { status: 'paid' } };
    }
    return { kind: 'charge', attempt, token: card!.token, ledger };
  });
  if (plan.kind === 'done') return plan.outcome;

  const answer = await askGateway(gateway, target.key, plan.attempt, plan.token);

  return db.transaction(async (tx): Promise<ChargeOutcome> => {
    const settled = await target.settling(tx, plan.attempt);
    if (settled) return settled;
    if (answer.ok) {
      await target.succeeded(tx, plan.attempt, answer.chargeId);
      return { status: 'paid' };
    }
    // The credit the attempt held goes back before the target records the failure.
    await moveCredit(tx, {
      organizationId: plan.ledger.organizationId,
      kind: 'release',
      amountCents: plan.attempt.creditApplied,
      description: `Payment of ${plan.ledger.what} did not complete: ${answer.reason}`,
      renewalId: plan.ledger.renewalId,
      invoiceId: plan.ledger.invoiceId,
    });
    await target.failed(tx, plan.attempt, answer.reason);
    return { status: 'failed', reason: answer.reason };
  });
}
