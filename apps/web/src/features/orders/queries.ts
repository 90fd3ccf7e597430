import {
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Order, OrderListQuery, OrderSummary } from '@alpenkube/contract';
import { isOrderQueryKey, orderKeys } from './keys';
import { openStatuses } from './order-status';
import { cancelOrder } from './requests';

export { orderKeys };

export const orderQueries = {
  list: (query: OrderListQuery = {}) =>
    queryOptions<OrderSummary[]>({ queryKey: orderKeys.list(query) }),
  detail: (id: number) => queryOptions<Order>({ queryKey: orderKeys.detail(id) }),
};

export function useOrders(query: OrderListQuery = {}) {
  return useQuery(orderQueries.list(query));
}

export function useOrder(id: number | null) {
  return useQuery({ ...orderQueries.detail(id ?? 0), enabled: id !== null });
}

/**
 * The open orders, newest first: one request per open status, so the answer stays small however
 * many finished orders the organization has (the list has no paging).
 */
export function useOpenOrders() {
  return useQueries({
    queries: openStatuses.map((status) => orderQueries.list({ status })),
    combine: (results) => ({
      orders: results.some((result) => !result.data)
        ? undefined
        : results
            .flatMap((result) => result.data ?? [])
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    }),
  });
}

/** After any change of an order: every order list, every order page, the sidebar's counts. */
export function refreshOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => isOrderQueryKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.sidebarCounts }),
  ]);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order.id), order),
    onSettled: () => refreshOrders(queryClient),
  });
}
