import type { CreateClusterOrder } from '@alpenkube/contract/orders';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { orders } = endpoints;

/** `POST /api/orders` with the draft's Idempotency-Key: the same key answers the same order. */
export const placeOrder = (body: CreateClusterOrder, idempotencyKey: string) =>
  request(orders.create, { body, headers: { 'Idempotency-Key': idempotencyKey } });
