import type { AddPaymentMethod, CardDetails, CardToken } from '@alpenkube/contract/payments';
import type { PayOrder } from '@alpenkube/contract/orders';
import { endpoints } from '@alpenkube/contract/endpoints';
import { HttpError, request, requestErrorMessage } from '@/lib/http';

const { billing, orders } = endpoints;

export const payOrder = (id: number, body: PayOrder) => request(orders.pay, { params: [id], body });

export const addPaymentMethod = (body: AddPaymentMethod) =>
  request(billing.addPaymentMethod, { body });

/**
 * Card details go to the payment gateway's own tokenizing endpoint, never to the platform's
 * API: the platform only ever sees the token. No cookies go with them either. A refusal is
 * `{message, issues}` like the API's, so it is an HttpError with its issues.
 */
export async function tokenizeCard(tokenizeUrl: string, card: CardDetails): Promise<CardToken> {
  const response = await fetch(tokenizeUrl, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(card),
  });
  const text = await response.text();
  if (!response.ok) {
    let issues: unknown;
    try {
      issues = (JSON.parse(text) as { issues?: unknown }).issues;
    } catch {
      issues = undefined;
    }
    throw new HttpError(
      requestErrorMessage(text, response.status, response.statusText),
      response.status,
      issues,
    );
  }
  return JSON.parse(text) as CardToken;
}
