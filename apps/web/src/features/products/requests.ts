import type { CreateProductOrder } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { products } = endpoints;

/** The key goes with the dialog's one choice: a retried click answers the same order. */
export const orderProduct = (body: CreateProductOrder, idempotencyKey: string) =>
  request(products.create, { body, headers: { 'Idempotency-Key': idempotencyKey } });

export const revealSecret = ({ id, password }: { id: number; password?: string }) =>
  request(products.revealSecret, { params: [id], body: password ? { password } : {} });

export const rotateSecret = (id: number) => request(products.rotateSecret, { params: [id] });

export const changePlan = ({ id, plan }: { id: number; plan: string }) =>
  request(products.changePlan, { params: [id], body: { plan } });

export const cancelProduct = (id: number) => request(products.cancel, { params: [id] });
