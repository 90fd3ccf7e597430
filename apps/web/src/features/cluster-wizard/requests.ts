import type { CreateClusterOrder, Order } from '@alpenkube/contract/orders';
import { endpoints } from '@alpenkube/contract/endpoints';
import { clearGetCache, HttpError, request, requestErrorMessage } from '@/lib/http';

const { orders } = endpoints;

/**
 * `POST /api/orders` with the draft's Idempotency-Key. `request` sends no headers of its own, so
 * this one call uses fetch, with the same credentials, error and cache rules as `apiRequest`.
 */
export async function placeOrder(body: CreateClusterOrder, idempotencyKey: string): Promise<Order> {
  const response = await fetch(orders.create.path(), {
    method: orders.create.method,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  // A write may change what GETs answer (the orders list, the sidebar counts).
  clearGetCache();
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
  return JSON.parse(text) as Order;
}

export const getOrder = (id: number) => request(orders.get, { params: [id] });
export const cancelOrder = (id: number) => request(orders.cancel, { params: [id] });
