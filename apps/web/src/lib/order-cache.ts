import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Order, OrderListQuery } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder, queryKeyOf, request } from '@/lib/http';
import { parseRowId } from '@/lib/row-id';

/**
 * An organization's orders as the web app caches them, shared by every feature that shows or
 * changes one (the order pages, the wizard, the checkout): one key per GET path, and one rule
 * for what an order's change makes stale.
 */
export const orderKeys = {
  list: (query: OrderListQuery = {}) => queryKeyOf(endpoints.orders.list, query),
  detail: (id: number) => queryKeyOf(endpoints.orders.get, id),
  sidebarCounts: queryKeyOf(endpoints.platform.sidebarCounts),
};

export const orderDetailQuery = (id: number) =>
  queryOptions<Order>({ queryKey: orderKeys.detail(id) });

const ordersPath = endpoints.orders.list.path();

/** Whether a query is one of the orders' (a list with any filter, or one order). */
export function isOrderQueryKey(queryKey: readonly unknown[]) {
  return isUnder(queryKey, ordersPath);
}

/** After any change of an order: every order list, every order page, the sidebar's counts. */
export function refreshOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => isOrderQueryKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.sidebarCounts }),
  ]);
}

/** Writes the order's new state where its page reads it, then marks the rest stale. */
export function orderChanged(queryClient: QueryClient, order: Order) {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  return refreshOrders(queryClient);
}

export const cancelOrder = (id: number) => request(endpoints.orders.cancel, { params: [id] });

/** An order's id as a URL gives it (`?order=`, `/order-status/:id`), or null for anything else. */
export const parseOrderId = parseRowId;
