import type { Order, PayResult } from '@alpenkube/contract';
import { HttpError } from '@/lib/http';
import { getOrder, payOrder } from './requests';

/** What /payment-success shows for the order it was sent back with. */
export type PaymentOutcome =
  | { kind: 'paid'; order: Order }
  /** The card was refused: the gateway's message, and another card to try. */
  | { kind: 'declined'; order: Order; message: string }
  /** The card still waits for the gateway's challenge to be answered. */
  | { kind: 'action'; order: Order; challengeUrl: string | null }
  /** Waiting for payment, with no attempt under way. */
  | { kind: 'unpaid'; order: Order }
  /** Cancelled, or failed after payment: nothing to finish here. */
  | { kind: 'closed'; order: Order }
  /** No `?order`, an unreadable one, or an order this organization does not have. */
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

/** What an order as it stands means for this page, without asking the gateway anything. */
export function outcomeOf(order: Order): PaymentOutcome {
  switch (order.status) {
    case 'paid':
    case 'fulfilling':
    case 'completed':
      return { kind: 'paid', order };
    case 'cancelled':
    case 'failed':
      return { kind: 'closed', order };
    case 'pending_payment':
      if (order.payment?.status === 'requires_action') {
        return { kind: 'action', order, challengeUrl: order.payment.challengeUrl };
      }
      if (order.payment?.status === 'failed') {
        return {
          kind: 'declined',
          order,
          message: order.payment.failureMessage ?? 'The card was declined.',
        };
      }
      return { kind: 'unpaid', order };
  }
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The server could not be reached.';

export interface PaymentRequests {
  getOrder: (id: number) => Promise<Order>;
  payOrder: (id: number) => Promise<PayResult>;
}

/**
 * Reads the order; one that still waits on the gateway's challenge (the browser is back from
 * the challenge page) is paid once more, so the server asks the gateway how the challenge
 * ended: paid, declined (402), or still waiting. Any other refusal of the payment (another tab
 * finished it first) reads the order again rather than guessing.
 */
export async function settlePayment(
  id: number,
  requests: PaymentRequests = { getOrder, payOrder },
): Promise<PaymentOutcome> {
  let order: Order;
  try {
    order = await requests.getOrder(id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { kind: 'not-found' };
    return { kind: 'error', message: messageOf(error) };
  }
  const current = outcomeOf(order);
  if (current.kind !== 'action') return current;

  try {
    const result = await requests.payOrder(id);
    return result.status === 'paid'
      ? { kind: 'paid', order: result.order }
      : { kind: 'action', order: result.order, challengeUrl: result.challengeUrl };
  } catch (error) {
    if (error instanceof HttpError && error.status === 402) {
      return { kind: 'declined', order, message: messageOf(error) };
    }
    try {
      const again = outcomeOf(await requests.getOrder(id));
      return again.kind === 'action' ? { kind: 'error', message: messageOf(error) } : again;
    } catch {
      return { kind: 'error', message: messageOf(error) };
    }
  }
}
