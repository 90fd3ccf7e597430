import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Order, OrderListQuery, OrderStatus, OrderSummary } from '@alpenkube/contract';
import { getQueryFn } from '@/lib/http';
import {
  cancelOrder,
  orderChanged,
  orderDetailQuery,
  orderKeys,
  refreshOrders,
} from '@/lib/order-cache';
import { openStatuses } from './order-status';

export { orderKeys, refreshOrders };

/** A page of the order list; a full page may have older orders after it. */
export const ORDERS_PER_PAGE = 50;
/** The most orders the API answers at once: the open-orders page asks each status for this many. */
export const ORDERS_MAX_PAGE = 200;

const fetchFresh = getQueryFn<OrderSummary[]>({ on401: 'throw' });

/**
 * One page of orders through the default query fetcher, not `request`, whose GET cache could
 * answer a refetch after a push with what it read minutes ago.
 */
function fetchOrders(query: OrderListQuery, signal: AbortSignal) {
  const context = { queryKey: orderKeys.list(query), signal };
  return fetchFresh(context as unknown as Parameters<typeof fetchFresh>[0]) as Promise<
    OrderSummary[]
  >;
}

export const orderQueries = {
  list: (query: OrderListQuery = {}) =>
    queryOptions<OrderSummary[]>({ queryKey: orderKeys.list(query) }),
  /** Newest first, a page at a time; the next page starts before the last id of the previous. */
  pages: (filters: Pick<OrderListQuery, 'kind' | 'status'>) =>
    infiniteQueryOptions({
      queryKey: [...orderKeys.list({ ...filters, limit: ORDERS_PER_PAGE }), 'pages'] as const,
      queryFn: ({ pageParam, signal }) =>
        fetchOrders({ ...filters, limit: ORDERS_PER_PAGE, before: pageParam }, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) =>
        last.length >= ORDERS_PER_PAGE ? last[last.length - 1]?.id : undefined,
    }),
  detail: orderDetailQuery,
};

export function useOrderPages(filters: Pick<OrderListQuery, 'kind' | 'status'>) {
  return useInfiniteQuery(orderQueries.pages(filters));
}

export function useOrder(id: number | null) {
  return useQuery({ ...orderQueries.detail(id ?? 0), enabled: id !== null });
}

/**
 * The newest open orders, newest first: the newest `perStatus` of each open status (one small
 * request each, as the list filters by one status), merged. `truncated` names the statuses whose
 * answer was full, so more of them may exist.
 */
export function useOpenOrders(perStatus: number) {
  return useQueries({
    queries: openStatuses.map((status) => orderQueries.list({ status, limit: perStatus })),
    combine: (results) => ({
      orders: results.every((result) => result.data)
        ? results.flatMap((result) => result.data ?? []).sort((a, b) => b.id - a.id)
        : undefined,
      truncated: openStatuses.filter(
        (_status, index) => (results[index]?.data?.length ?? 0) >= perStatus,
      ) as OrderStatus[],
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    }),
  });
}

/**
 * Cancels an unpaid order. The callbacks belong to the mutation, not to one `mutate` call: a
 * cancelled order no longer offers its cancel button, which unmounts before a call's callbacks
 * would run.
 */
export function useCancelOrder(callbacks: {
  onSuccess?: (order: Order) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      void orderChanged(queryClient, order);
      callbacks.onSuccess?.(order);
    },
    onError: (error) => {
      void refreshOrders(queryClient);
      callbacks.onError?.(error);
    },
  });
}
