import { HttpError } from '../../lib/http-error.ts';

/**
 * A card processor, as the platform sees one. The embedded default is the test gateway
 * (`test-gateway.ts`), which behaves like a processor's test mode; a real processor's SDK plugs
 * in behind this same interface. The platform never sees a card number: the browser sends it to
 * the gateway's own tokenizing endpoint and hands the platform the token.
 */
export interface CardSummary {
  brand: string;
  last4: string;
  /** The same card number always has the same fingerprint (the number is never told). */
  fingerprint: string;
  expMonth: number;
  expYear: number;
}

export interface TestCardInfo {
  number: string;
  brand: string;
  /** What happens when it is charged, in words for the payer. */
  behaviour: string;
}

export type ChargeStatus = 'succeeded' | 'declined' | 'requires_action' | 'cancelled';

export interface Charge {
  id: string;
  status: ChargeStatus;
  amountCents: number;
  /** Why the card was declined, in words the payer can act on. */
  declineMessage: string | null;
  /** The gateway's challenge page, while `requires_action`. */
  challengeUrl: string | null;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  /**
   * The same key always answers the same charge, however often it is sent: a retried or
   * racing payment never charges twice.
   */
  idempotencyKey: string;
  /**
   * Where the challenge page sends the payer back to: a path of the platform, or an absolute URL
   * of its public origin. Anything else is refused, so the gateway never redirects off-site.
   */
  returnUrl: string;
}

/** Money given back on a charge that succeeded, as processors model a refund. */
export interface Refund {
  id: string;
  chargeId: string;
  amountCents: number;
  status: 'succeeded';
}

export interface RefundRequest {
  /** The original charge: a refund goes back to the card that paid it. */
  chargeId: string;
  /** At most what is left of the charge after its earlier refunds. */
  amountCents: number;
  /** The same key always answers the same refund: a retried refund never pays back twice. */
  idempotencyKey: string;
}

/** The gateway's definite no to a refund: asking again gives the same answer. */
export class RefundRefusedError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'RefundRefusedError';
  }
}

export interface PaymentGateway {
  /** Stored with each saved card: `test` for the test gateway. */
  readonly name: string;
  /** The UI says plainly when no real card is charged. */
  readonly testMode: boolean;
  /** The absolute or site-relative URL the browser POSTs card details to. */
  readonly tokenizeUrl: string;
  /** Card numbers that work in test mode and how each behaves; empty for live processing. */
  readonly testCards: readonly TestCardInfo[];
  /** The card a token stands for; null for a token the gateway does not know. */
  describeToken(token: string): Promise<CardSummary | null>;
  charge(request: ChargeRequest): Promise<Charge>;
  /** The charge as it stands now (after a challenge, for instance). */
  retrieveCharge(chargeId: string): Promise<Charge>;
  /** Gives up a charge still waiting for its challenge; a settled charge stays as it is. */
  cancelCharge(chargeId: string): Promise<Charge>;
  /**
   * Refunds part or all of a succeeded charge. A request the gateway refuses for good (an
   * unknown charge, one not succeeded, more than is left of it, a key used with other details)
   * throws RefundRefusedError; anything else thrown (unreachable, busy) is no answer, and
   * asking again with the same key is safe.
   */
  refund(request: RefundRequest): Promise<Refund>;
}
