import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { paymentMethods } from './schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockCreditBalance, moveCredit } from '../credits/index.ts';
import type { Charge, PaymentGateway } from './payment-gateway.ts';
import type { CardForPayment } from './payment-method-service.ts';

/** A card that wants its holder to confirm cannot be charged while nobody is there. */
export const CONFIRM_MESSAGE = 'Your bank asks to confirm this payment: pay it from Billing.';
export const NO_CARD_MESSAGE = 'There is no card to charge: add a card, then pay it from Billing.';
export const CARD_REMOVED_MESSAGE =
  'The card of this payment was removed: add a card, then pay it from Billing.';
const CARD_REMOVED_ON_SESSION = 'The card of this payment was removed: pay again.';

/** An attempt before it is written: what it takes from the credit balance and asks of the card. */
export interface AttemptDraft {
  /** Counted from 1 per target. */
  number: number;
  creditApplied: number;
  cardAmount: number;
  paymentMethodId: number | null;
}

/** An attempt as written on the target's row. */
export interface Attempt extends AttemptDraft {
  /** The gateway's idempotency key: asking again with it is the same charge, never a second. */
  idempotencyKey: string;
  /** The charge the payer was asked to confirm (on-session): looked up by id, not asked again. */
  gatewayChargeId?: string | null;
}

/** Whose credit pays, for what (in the ledger's words: "renewal of cluster web"), linked to what. */
export interface Ledger {
  organizationId: number;
  what: string;
  renewalId?: number;
  invoiceId?: number;
  orderId?: number;
  /** Who paid, when a person did (on-session). */
  actorUserId?: number;
}

/** What the locked row says to do. */
export type Begin =
  /** Paid, void, not due, or refused before any attempt: nothing to charge. */
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
  | { status: 'skipped' }
  /** On-session: the payer has to pass the gateway's confirmation; the attempt stays open. */
  | { status: 'requires_action'; challengeUrl: string | null }
  /** The target turned the payment down before any attempt, for the payer to read. */
  | { status: 'refused'; reason: string };

/**
 * Something an organization pays (an order, a renewal, an invoice): its rows keep the attempt
 * in flight (`started`), so a run cut off between the two transactions, or a second run at the
 * same time, carries that attempt on with the same idempotency key instead of charging again.
 */
export interface ChargeTarget {
  /** First transaction: locks the row and says what to do. */
  begin(tx: Tx): Promise<Begin>;
  /** Writes the new attempt before the card is charged; answers it with its idempotency key. */
  started(tx: Tx, draft: AttemptDraft): Promise<Attempt>;
  /**
   * Second transaction: locks the row; null while this attempt is still the one in flight,
   * otherwise what became of it (another run settled it).
   */
  settling(tx: Tx, attempt: Attempt): Promise<ChargeOutcome | null>;
  succeeded(tx: Tx, attempt: Attempt, gatewayChargeId: string | null): Promise<void>;
  /** The attempt failed; the credit it held is already back on the balance. */
  failed(tx: Tx, attempt: AttemptDraft, reason: string): Promise<void>;
  /** On-session: the gateway asks the payer to confirm `charge`; the attempt stays in flight. */
  awaitingConfirmation?(tx: Tx, attempt: Attempt, charge: Charge): Promise<void>;
}

/**
 * Who is there to pay. Off-session (renewals, invoices) the default card is charged and a
 * challenge is given up, as nobody can pass it. On-session (an order paid from its page) the
 * payer's chosen card is charged, and a challenge is answered for the payer to pass, after
 * which the same attempt is carried on.
 */
export type ChargeMode =
  | { session: 'off' }
  | {
      session: 'on';
      /** The payer's card, read before the first transaction. */
      card: CardForPayment | null;
      /** Where the gateway's challenge page sends the payer back to. */
      returnUrl: string;
      /** Refused with this when a card is needed and there is none: nothing is written. */
      noCard: HttpError;
    };

type Plan =
  | { kind: 'done'; outcome: ChargeOutcome }
  | { kind: 'charge'; attempt: Attempt; token: string | null; ledger: Ledger };

type Answer =
  | { kind: 'paid'; chargeId: string | null }
  | { kind: 'confirm'; charge: Charge }
  | { kind: 'failed'; reason: string };

async function defaultCard(tx: Tx, organizationId: number) {
  const [card] = await tx
    .select({ id: paymentMethods.id, gatewayToken: paymentMethods.gatewayToken })
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
 * A saved card by id, removed or not: its brand and last four digits for a receipt's words, and
 * its token for an attempt in flight, which is carried on with the card it started with even if
 * that card was removed since. The gateway may have charged it already (a run cut off after the
 * charge), and only asking again with the same key and token finds that charge; given up
 * instead, the attempt would fail, its credit come back, and the next attempt charge again.
 */
export async function cardOf(
  tx: DbOrTx,
  paymentMethodId: number | null,
): Promise<{ brand: string; last4: string; token: string } | null> {
  if (paymentMethodId === null) return null;
  const [card] = await tx
    .select({
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      token: paymentMethods.gatewayToken,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, paymentMethodId));
  return card ?? null;
}

/** What the gateway says of the attempt, outside any transaction. */
async function askGateway(
  gateway: PaymentGateway,
  mode: ChargeMode,
  attempt: Attempt,
  token: string | null,
): Promise<Answer> {
  // Written before the card was needed (an attempt of an earlier version): nothing to ask.
  if (attempt.cardAmount === 0) return { kind: 'paid', chargeId: null };
  let charge: Charge;
  try {
    if (attempt.gatewayChargeId) {
      charge = await gateway.retrieveCharge(attempt.gatewayChargeId);
    } else {
      if (!token) {
        const reason = mode.session === 'on' ? CARD_REMOVED_ON_SESSION : CARD_REMOVED_MESSAGE;
        return { kind: 'failed', reason };
      }
      charge = await gateway.charge({
        token,
        amountCents: attempt.cardAmount,
        idempotencyKey: attempt.idempotencyKey,
        returnUrl: mode.session === 'on' ? mode.returnUrl : '/billing',
      });
    }
    // Nobody is there to confirm: the challenge is given up, unless it was completed meanwhile.
    if (charge.status === 'requires_action' && mode.session === 'off') {
      charge = await gateway.cancelCharge(charge.id);
    }
  } catch (error) {
    // The gateway refused the request itself (a token it does not know): a failure to record.
    if (error instanceof HttpError && error.statusCode < 500) {
      return { kind: 'failed', reason: error.message };
    }
    // Unreachable or broken: the attempt stays in flight and the next run asks again.
    throw error;
  }
  if (charge.status === 'succeeded') return { kind: 'paid', chargeId: charge.id };
  if (mode.session === 'off' && charge.status !== 'declined') {
    return { kind: 'failed', reason: CONFIRM_MESSAGE };
  }
  if (charge.status === 'requires_action') return { kind: 'confirm', charge };
  const fallback =
    mode.session === 'on' ? 'The payment was not completed.' : 'The card was declined.';
  return { kind: 'failed', reason: charge.declineMessage ?? fallback };
}

/**
 * Charges what a target owes, the one way every payment of the platform is made: the credit
 * balance first (moved by `moveCredit` with the target's link), then a card through the
 * gateway. The gateway is called between two short transactions, never inside one; the attempt
 * is written on the target's row by the first, so a crash in between, or a second run racing
 * this one, asks the gateway again with the same idempotency key and gets the same charge. A
 * failure gives the credit back (`release`) before the target records it.
 */
export async function charge(
  db: Db,
  gateway: PaymentGateway,
  target: ChargeTarget,
  mode: ChargeMode,
): Promise<ChargeOutcome> {
  const plan = await db.transaction(async (tx): Promise<Plan> => {
    const begin = await target.begin(tx);
    if (begin.kind === 'nothing') return { kind: 'done', outcome: begin.outcome };
    if (begin.kind === 'resume') {
      return {
        kind: 'charge',
        attempt: begin.attempt,
        token: (await cardOf(tx, begin.attempt.paymentMethodId))?.token ?? null,
        ledger: begin.ledger,
      };
    }
    const { ledger } = begin;
    const amount = Math.max(begin.amountCents, 0);
    const balance = await lockCreditBalance(tx, ledger.organizationId);
    const creditApplied = Math.min(balance, amount);
    const cardAmount = amount - creditApplied;
    const number = begin.attempts + 1;
    const card =
      cardAmount === 0
        ? null
        : mode.session === 'on'
          ? mode.card
          : await defaultCard(tx, ledger.organizationId);
    if (cardAmount > 0 && !card) {
      if (mode.session === 'on') throw mode.noCard;
      await target.failed(
        tx,
        { number, creditApplied: 0, cardAmount: 0, paymentMethodId: null },
        NO_CARD_MESSAGE,
      );
      return { kind: 'done', outcome: { status: 'failed', reason: NO_CARD_MESSAGE } };
    }
    await moveCredit(tx, {
      organizationId: ledger.organizationId,
      kind: 'payment',
      amountCents: -creditApplied,
      description: `Paid towards ${ledger.what}`,
      renewalId: ledger.renewalId,
      invoiceId: ledger.invoiceId,
      orderId: ledger.orderId,
      actorUserId: ledger.actorUserId,
    });
    const attempt = await target.started(tx, {
      number,
      creditApplied,
      cardAmount,
      paymentMethodId: card?.id ?? null,
    });
    if (cardAmount === 0) {
      await target.succeeded(tx, attempt, null);
      return { kind: 'done', outcome: { status: 'paid' } };
    }
    return { kind: 'charge', attempt, token: card!.gatewayToken, ledger };
  });
  if (plan.kind === 'done') return plan.outcome;

  const answer = await askGateway(gateway, mode, plan.attempt, plan.token);

  return db.transaction(async (tx): Promise<ChargeOutcome> => {
    const settled = await target.settling(tx, plan.attempt);
    if (settled) return settled;
    if (answer.kind === 'paid') {
      await target.succeeded(tx, plan.attempt, answer.chargeId);
      return { status: 'paid' };
    }
    if (answer.kind === 'confirm') {
      await target.awaitingConfirmation?.(tx, plan.attempt, answer.charge);
      return { status: 'requires_action', challengeUrl: answer.charge.challengeUrl };
    }
    await moveCredit(tx, {
      organizationId: plan.ledger.organizationId,
      kind: 'release',
      amountCents: plan.attempt.creditApplied,
      description: `Payment of ${plan.ledger.what} did not complete: ${answer.reason}`,
      renewalId: plan.ledger.renewalId,
      invoiceId: plan.ledger.invoiceId,
      orderId: plan.ledger.orderId,
    });
    await target.failed(tx, plan.attempt, answer.reason);
    return { status: 'failed', reason: answer.reason };
  });
}
