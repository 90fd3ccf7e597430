import type { OrderListQuery } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { orders } = endpoints;

export const listOrders = (query: OrderListQuery = {}) => request(orders.list, { params: [query] });
export const getOrder = (id: number) => request(orders.get, { params: [id] });
export const cancelOrder = (id: number) => request(orders.cancel, { params: [id] });
/** With no card named, the server pays with the default card (or credit alone). */
export const payOrder = (id: number) => request(orders.pay, { params: [id], body: {} });
