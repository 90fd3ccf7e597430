import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayOrder, PayResult } from '@alpenkube/contract/orders';
import { orderDetailQuery, orderKeys, refreshOrders } from '@/lib/order-cache';
import { paymentKeys, paymentQueries } from '@/lib/payments/queries';
import { payOrder } from './requests';

/** The order as the order pages cache it; the gateway, the cards and the balance as billing does. */
export const checkoutQueries = {
  order: orderDetailQuery,
  ...paymentQueries,
};

/**
 * Paying changes the order, the credit balance, the lists and the sidebar's counts; a decline
 * (402) changes the order's last attempt, so the order is read again whatever the outcome.
 */
export function usePayOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation<PayResult, Error, PayOrder>({
    mutationFn: (body) => payOrder(orderId, body),
    onSuccess: (result) => queryClient.setQueryData(orderKeys.detail(orderId), result.order),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.credits });
      void refreshOrders(queryClient);
    },
  });
}
