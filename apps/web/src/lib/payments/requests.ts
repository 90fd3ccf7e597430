import type { AddPaymentMethod, CardDetails, CardToken } from '@alpenkube/contract/payments';
import { endpoints } from '@alpenkube/contract/endpoints';
import { apiRequest, request } from '@/lib/http';

const { billing } = endpoints;

export const addPaymentMethod = (body: AddPaymentMethod) =>
  request(billing.addPaymentMethod, { body });

export const removePaymentMethod = (id: number) =>
  request(billing.removePaymentMethod, { params: [id] });

export const setDefaultPaymentMethod = (id: number) =>
  request(billing.setDefaultPaymentMethod, { params: [id] });

/**
 * Card details go to the payment gateway's own tokenizing endpoint, never to the platform's
 * API: the platform only ever sees the token. No cookie of ours goes with them either. A
 * refusal is `{message, issues}` like the API's, so it is an HttpError with its issues.
 */
export async function tokenizeCard(tokenizeUrl: string, card: CardDetails): Promise<CardToken> {
  const response = await apiRequest('POST', tokenizeUrl, card, { credentials: 'omit' });
  return (await response.json()) as CardToken;
}
