import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hasExpired, passesLuhn, type CardDetails } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { testGatewayCards, testGatewayCharges, testGatewayRefunds } from './schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type {
  CardSummary,
  Charge,
  ChargeRequest,
  PaymentGateway,
  Refund,
  RefundRequest,
} from './payment-gateway.ts';
import { RefundRefusedError } from './payment-gateway.ts';
import {
  CHALLENGE_FAILED_MESSAGE,
  DECLINED_MESSAGE,
  EXPIRED_MESSAGE,
  findTestCard,
  INSUFFICIENT_FUNDS_MESSAGE,
  TEST_CARDS,
  type TestCardBehaviour,
} from './test-cards.ts';

export const TEST_GATEWAY_PREFIX = '/test-gateway';
export const TOKENIZE_PATH = `${TEST_GATEWAY_PREFIX}/v1/tokens`;
export const challengePath = (chargeId: string) => `${TEST_GATEWAY_PREFIX}/challenge/${chargeId}`;

export const INVALID_NUMBER_MESSAGE = 'Your card number is incorrect.';
export const INVALID_CVC_MESSAGE = "Your card's security code is incorrect.";
export const NOT_A_TEST_CARD_MESSAGE = 'This is a test gateway: use one of its test card numbers.';

/** Marks the embedded gateway, whose own pages are served only while it is the one in use. */
const TEST_GATEWAY = Symbol('test gateway');

type CardDetailsParsed = Omit<CardDetails, 'number'> & { number: string };
type ChargeRow = typeof testGatewayCharges.$inferSelect;

/** A token as the browser receives it: what identifies the card, never its number. */
/** What the browser gets back for its card: the token and what identifies the card to a person. */
export interface TokenizedCard extends Omit<CardSummary, 'fingerprint'> {
  id: string;
}

/** A charge the challenge page shows: its amount, its state and where the payer goes next. */
export interface ChallengeView {
  charge: Charge;
  /** A path of this site, checked again before any redirect. */
  returnPath: string | null;
}

/**
 * A path of this site from a path or an absolute URL of the public origin; null for anything
 * else (another host, `//host`, `/\host`, a scheme), so no redirect can leave the site.
 */
export function sitePath(url: string, publicUrl: string): string | null {
  // URL parsing drops tabs and newlines and reads `\` as `/`: such a path is never ours.
  if (url.includes('\\') || [...url].some((c) => c.charCodeAt(0) < 0x20)) return null;
  const origin = new URL(publicUrl).origin;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  // `//host/…` and `https://host/…` resolve to another origin and are refused here.
  if (parsed.origin !== origin) return null;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // `https://our.site//evil.example` is ours, but its path alone would name another host.
  return path.startsWith('//') ? null : path;
}

function toCharge(row: ChargeRow): Charge {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    declineMessage: row.declineMessage,
    challengeUrl: row.status === 'requires_action' ? challengePath(row.id) : null,
  };
}

/** What charging a card of this behaviour does, before any challenge. */
function outcomeOf(
  behaviour: TestCardBehaviour,
  expired: boolean,
): Pick<ChargeRow, 'status' | 'declineMessage'> {
  if (expired) return { status: 'declined', declineMessage: EXPIRED_MESSAGE };
  switch (behaviour) {
    case 'succeed':
      return { status: 'succeeded', declineMessage: null };
    case 'decline':
      return { status: 'declined', declineMessage: DECLINED_MESSAGE };
    case 'insufficient_funds':
      return { status: 'declined', declineMessage: INSUFFICIENT_FUNDS_MESSAGE };
    case 'challenge':
      return { status: 'requires_action', declineMessage: null };
  }
}

/**
 * The embedded test gateway: behaves like a card processor's test mode, with its own records
 * (`test_gateway_cards`, `test_gateway_charges`) that nothing else in the platform reads. It
 * knows nothing of orders: a real processor replaces it behind `PaymentGateway`.
 */
export function createTestGateway(deps: Pick<Infrastructure, 'db' | 'config'>) {
  const { db } = deps;
  const { publicUrl } = deps.config;
  // A processor's fingerprint: keyed, so a list of them does not give the numbers back.
  const fingerprintOf = (number: string) =>
    createHmac('sha256', `test-gateway:${deps.config.sessionSecret}`)
      .update(number)
      .digest('hex')
      .slice(0, 32);

  async function chargeRow(chargeId: string): Promise<ChargeRow | undefined> {
    const [row] = await db
      .select()
      .from(testGatewayCharges)
      .where(eq(testGatewayCharges.id, chargeId));
    return row;
  }

  async function requireCharge(chargeId: string): Promise<ChargeRow> {
    const row = await chargeRow(chargeId);
    if (!row) throw notFound('Charge not found');
    return row;
  }

  /** Moves a charge out of `requires_action`; a charge in any other state stays as it is. */
  async function settleChallenge(
    chargeId: string,
    values: Pick<ChargeRow, 'status' | 'declineMessage'>,
  ): Promise<ChargeRow | undefined> {
    const [row] = await db
      .update(testGatewayCharges)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(eq(testGatewayCharges.id, chargeId), eq(testGatewayCharges.status, 'requires_action')),
      )
      .returning();
    return row;
  }

  const gateway = {
    [TEST_GATEWAY]: true as const,
    name: 'test',
    testMode: true,
    tokenizeUrl: TOKENIZE_PATH,
    testCards: TEST_CARDS.map(({ number, brand, description }) => ({
      number,
      brand,
      behaviour: description,
    })),

    /**
     * Checks card details as a processor would and stores a token for a test card: its brand,
     * last four digits, expiry and behaviour, never the number or the security code.
     */
    async tokenize(details: CardDetailsParsed): Promise<TokenizedCard> {
      const issues: { path: string[]; message: string }[] = [];
      const luhn = passesLuhn(details.number);
      const card = luhn ? findTestCard(details.number) : undefined;
      if (!luhn) {
        issues.push({ path: ['number'], message: INVALID_NUMBER_MESSAGE });
      } else if (!card) {
        issues.push({ path: ['number'], message: NOT_A_TEST_CARD_MESSAGE });
      }
      if (hasExpired(details.expMonth, details.expYear)) {
        const field = details.expYear < new Date().getUTCFullYear() ? 'expYear' : 'expMonth';
        issues.push({ path: [field], message: EXPIRED_MESSAGE });
      }
      const cvcLength = card?.brand === 'American Express' ? 4 : 3;
      if (card && details.cvc.length !== cvcLength) {
        issues.push({ path: ['cvc'], message: INVALID_CVC_MESSAGE });
      }
      if (issues.length || !card) {
        throw new HttpError(400, issues[0]!.message, {}, issues);
      }
      const [row] = await db
        .insert(testGatewayCards)
        .values({
          token: `tok_${randomToken(18)}`,
          brand: card.brand,
          last4: card.number.slice(-4),
          fingerprint: fingerprintOf(card.number),
          expMonth: details.expMonth,
          expYear: details.expYear,
          behaviour: card.behaviour,
        })
        .returning();
      return {
        id: row!.token,
        brand: row!.brand,
        last4: row!.last4,
        expMonth: row!.expMonth,
        expYear: row!.expYear,
      };
    },

    async describeToken(token: string): Promise<CardSummary | null> {
      const [row] = await db
        .select({
          brand: testGatewayCards.brand,
          last4: testGatewayCards.last4,
          fingerprint: testGatewayCards.fingerprint,
          expMonth: testGatewayCards.expMonth,
          expYear: testGatewayCards.expYear,
        })
        .from(testGatewayCards)
        .where(eq(testGatewayCards.token, token));
      return row ?? null;
    },

    async charge(request: ChargeRequest): Promise<Charge> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new Error(`A charge needs a positive whole number of cents: ${request.amountCents}`);
      }
      const returnPath = sitePath(request.returnUrl, publicUrl);
      if (returnPath === null) {
        throw badRequest('The return address must be a page of this site.');
      }
      const existing = await chargeOfKey(request.idempotencyKey);
      if (existing) return sameRequestOr409(existing, request);

      const [card] = await db
        .select()
        .from(testGatewayCards)
        .where(eq(testGatewayCards.token, request.token));
      if (!card) throw new HttpError(400, 'This card token is not valid: add the card again.');

      const [inserted] = await db
        .insert(testGatewayCharges)
        .values({
          id: `ch_${randomToken(18)}`,
          idempotencyKey: request.idempotencyKey,
          token: card.token,
          amountCents: request.amountCents,
          ...outcomeOf(card.behaviour, hasExpired(card.expMonth, card.expYear)),
          returnUrl: returnPath,
        })
        .onConflictDoNothing({ target: testGatewayCharges.idempotencyKey })
        .returning();
      if (inserted) return toCharge(inserted);
      // Another request with the same key inserted first: its charge is the one.
      return sameRequestOr409((await chargeOfKey(request.idempotencyKey))!, request);
    },

    async retrieveCharge(chargeId: string): Promise<Charge> {
      return toCharge(await requireCharge(chargeId));
    },

    async cancelCharge(chargeId: string): Promise<Charge> {
      const cancelled = await settleChallenge(chargeId, {
        status: 'cancelled',
        declineMessage: null,
      });
      return toCharge(cancelled ?? (await requireCharge(chargeId)));
    },

    /**
     * A refund on a succeeded charge, as processors do: never more than is left of the charge
     * after its earlier refunds; the same key answers the same refund (another amount or
     * charge with it is a 409).
     */
    async refund(request: RefundRequest): Promise<Refund> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RefundRefusedError('A refund needs a positive whole number of cents.');
      }
      const toRefund = (row: typeof testGatewayRefunds.$inferSelect): Refund => {
        if (row.chargeId !== request.chargeId || row.amountCents !== request.amountCents) {
          throw new RefundRefusedError('This refund was already made with other details.');
        }
        return {
          id: row.id,
          chargeId: row.chargeId,
          amountCents: row.amountCents,
          status: 'succeeded',
        };
      };
      const refundOfKey = async (executor: DbOrTx) =>
        (
          await executor
            .select()
            .from(testGatewayRefunds)
            .where(eq(testGatewayRefunds.idempotencyKey, request.idempotencyKey))
        )[0];
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(testGatewayCharges)
          .where(eq(testGatewayCharges.id, request.chargeId))
          .for('update');
        if (!charge) throw new RefundRefusedError('There is no such charge to refund.');
        // Under the charge's lock: a refund of the same key that raced this one is found here,
        // and answered as made, not counted against what is left of the charge.
        const existing = await refundOfKey(tx);
        if (existing) return toRefund(existing);
        if (charge.status !== 'succeeded')
          throw new RefundRefusedError('Only a charge that succeeded is refunded.');
        const [refunded] = await tx
          .select({ sum: sql<string>`coalesce(sum(${testGatewayRefunds.amountCents}), 0)` })
          .from(testGatewayRefunds)
          .where(eq(testGatewayRefunds.chargeId, charge.id));
        if (Number(refunded?.sum ?? 0) + request.amountCents > charge.amountCents) {
          throw new RefundRefusedError('The refund is more than what is left of the charge.');
        }
        const [inserted] = await tx
          .insert(testGatewayRefunds)
          .values({
            id: `re_${randomToken(18)}`,
            idempotencyKey: request.idempotencyKey,
            chargeId: charge.id,
            amountCents: request.amountCents,
          })
          .returning();
        return toRefund(inserted!);
      });
    },

    /** The challenge page's charge; null for a charge the gateway never made. */
    async challenge(chargeId: string): Promise<ChallengeView | null> {
      const row = await chargeRow(chargeId);
      return row ? { charge: toCharge(row), returnPath: row.returnUrl } : null;
    },

    /**
     * The payer's answer on the challenge page. Only a charge still waiting moves; null for an
     * unknown charge, and a settled one is answered as it stands, with `changed` false.
     */
    async completeChallenge(
      chargeId: string,
      outcome: 'complete' | 'fail',
    ): Promise<(ChallengeView & { changed: boolean }) | null> {
      const settled = await settleChallenge(
        chargeId,
        outcome === 'complete'
          ? { status: 'succeeded', declineMessage: null }
          : { status: 'declined', declineMessage: CHALLENGE_FAILED_MESSAGE },
      );
      const row = settled ?? (await chargeRow(chargeId));
      if (!row) return null;
      return { charge: toCharge(row), returnPath: row.returnUrl, changed: Boolean(settled) };
    },
  };
  gateway satisfies PaymentGateway;

  async function chargeOfKey(idempotencyKey: string): Promise<ChargeRow | undefined> {
    const [row] = await db
      .select()
      .from(testGatewayCharges)
      .where(eq(testGatewayCharges.idempotencyKey, idempotencyKey));
    return row;
  }

  /** A key names one charge: the same key with another card or amount is a caller's bug. */
  function sameRequestOr409(row: ChargeRow, request: ChargeRequest): Charge {
    if (row.token !== request.token || row.amountCents !== request.amountCents) {
      throw conflict('This payment was already started with other details.');
    }
    return toCharge(row);
  }

  return gateway;
}
export type TestGateway = ReturnType<typeof createTestGateway>;

export const isTestGateway = (gateway: PaymentGateway): gateway is TestGateway =>
  TEST_GATEWAY in gateway;
