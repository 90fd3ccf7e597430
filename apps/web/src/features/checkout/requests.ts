import type { PayOrder } from '@alpenkube/contract/orders';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

export const payOrder = (id: number, body: PayOrder) =>
  request(endpoints.orders.pay, { params: [id], body });
