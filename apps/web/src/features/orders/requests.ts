import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { orders } = endpoints;

export const getOrder = (id: number) => request(orders.get, { params: [id] });
/** With no card named, the server pays with the default card (or credit alone). */
export const payOrder = (id: number) => request(orders.pay, { params: [id], body: {} });
