import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateClusterOrder, Order } from '@alpenkube/contract/orders';
import { cancelOrder, orderChanged } from '@/lib/order-cache';
import { placeOrder } from './requests';

function useOrderWrite<Args>(mutationFn: (args: Args) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation<Order, Error, Args>({
    mutationFn,
    onSuccess: (order) => orderChanged(queryClient, order),
  });
}

export const usePlaceOrder = () =>
  useOrderWrite(({ body, key }: { body: CreateClusterOrder; key: string }) =>
    placeOrder(body, key),
  );

export const useCancelOrder = () => useOrderWrite(cancelOrder);
