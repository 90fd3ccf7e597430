import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateClusterOrder, Order } from '@alpenkube/contract/orders';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { cancelOrder, placeOrder } from './requests';

const ordersPath = endpoints.orders.list.path();

/** The wizard's keys are the order pages' keys: one cache entry per GET path. */
export const wizardKeys = {
  order: (id: number) => queryKeyOf(endpoints.orders.get, id),
  sidebarCounts: queryKeyOf(endpoints.platform.sidebarCounts),
};

export const wizardQueries = {
  order: (id: number) => queryOptions<Order>({ queryKey: wizardKeys.order(id) }),
};

/** Every orders list, whatever its filters: a new or cancelled order changes them. */
const isOrdersList = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === 'string' &&
  (queryKey[0] === ordersPath || queryKey[0].startsWith(`${ordersPath}?`));

function useOrderWrite<Args>(mutationFn: (args: Args) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation<Order, Error, Args>({
    mutationFn,
    onSuccess: (order) => {
      queryClient.setQueryData(wizardKeys.order(order.id), order);
      void queryClient.invalidateQueries({ predicate: (query) => isOrdersList(query.queryKey) });
      void queryClient.invalidateQueries({ queryKey: wizardKeys.sidebarCounts });
    },
  });
}

export const usePlaceOrder = () =>
  useOrderWrite(({ body, key }: { body: CreateClusterOrder; key: string }) =>
    placeOrder(body, key),
  );

export const useCancelOrder = () => useOrderWrite(cancelOrder);
