import type { OrderListQuery } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';

/** Query keys of the orders (GET paths first, so the default query fetcher can GET them). */
export const orderKeys = {
  list: (query: OrderListQuery = {}) => queryKeyOf(endpoints.orders.list, query),
  detail: (id: number) => queryKeyOf(endpoints.orders.get, id),
  sidebarCounts: queryKeyOf(endpoints.platform.sidebarCounts),
};

const ordersPath = endpoints.orders.list.path();

/** Whether a query is one of the orders' (a list with any filter, or one order). */
export function isOrderQueryKey(queryKey: readonly unknown[]) {
  const path = queryKey[0];
  return (
    typeof path === 'string' &&
    (path === ordersPath || path.startsWith(`${ordersPath}?`) || path.startsWith(`${ordersPath}/`))
  );
}
