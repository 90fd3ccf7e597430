import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayOrder, PayResult } from '@alpenkube/contract/orders';
import type {
  CreditBalance,
  PaymentGatewayInfo,
  PaymentMethod,
} from '@alpenkube/contract/payments';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { orderDetailQuery, orderKeys, refreshOrders } from '@/lib/order-cache';
import { addPaymentMethod, payOrder } from './requests';

/** GET paths first, so the default query fetcher GETs them; the order pages share the order's. */
export const checkoutKeys = {
  gateway: queryKeyOf(endpoints.billing.gateway),
  paymentMethods: queryKeyOf(endpoints.billing.paymentMethods),
  credits: queryKeyOf(endpoints.billing.credits),
};

export const checkoutQueries = {
  order: orderDetailQuery,
  gateway: () => queryOptions<PaymentGatewayInfo>({ queryKey: checkoutKeys.gateway }),
  paymentMethods: () => queryOptions<PaymentMethod[]>({ queryKey: checkoutKeys.paymentMethods }),
  credits: () => queryOptions<CreditBalance>({ queryKey: checkoutKeys.credits }),
};

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    // The same card added again answers the one already saved: it replaces, never doubles.
    onSuccess: (method) =>
      queryClient.setQueryData<PaymentMethod[]>(checkoutKeys.paymentMethods, (methods) => [
        ...(methods ?? [])
          .filter((known) => known.id !== method.id)
          .map((known) => (method.isDefault ? { ...known, isDefault: false } : known)),
        method,
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.paymentMethods }),
  });
}

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
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.credits });
      void refreshOrders(queryClient);
    },
  });
}
