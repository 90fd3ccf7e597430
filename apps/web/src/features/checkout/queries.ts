import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PayOrder, PayResult } from '@alpenkube/contract/orders';
import type {
  CreditBalance,
  PaymentGatewayInfo,
  PaymentMethod,
} from '@alpenkube/contract/payments';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { addPaymentMethod, payOrder } from './requests';

/** GET paths first, so the default query fetcher GETs them; the order pages share the order's. */
export const checkoutKeys = {
  order: (id: number) => queryKeyOf(endpoints.orders.get, id),
  gateway: queryKeyOf(endpoints.billing.gateway),
  paymentMethods: queryKeyOf(endpoints.billing.paymentMethods),
  credits: queryKeyOf(endpoints.billing.credits),
  sidebarCounts: queryKeyOf(endpoints.platform.sidebarCounts),
};

export const checkoutQueries = {
  order: (id: number) => queryOptions<Order>({ queryKey: checkoutKeys.order(id) }),
  gateway: () => queryOptions<PaymentGatewayInfo>({ queryKey: checkoutKeys.gateway }),
  paymentMethods: () => queryOptions<PaymentMethod[]>({ queryKey: checkoutKeys.paymentMethods }),
  credits: () => queryOptions<CreditBalance>({ queryKey: checkoutKeys.credits }),
};

const ordersPath = endpoints.orders.list.path();
const isOrdersList = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === 'string' &&
  (queryKey[0] === ordersPath || queryKey[0].startsWith(`${ordersPath}?`));

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: (method) =>
      queryClient.setQueryData<PaymentMethod[]>(checkoutKeys.paymentMethods, (methods) => [
        ...(methods ?? []).map((known) =>
          method.isDefault ? { ...known, isDefault: false } : known,
        ),
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
    onSuccess: (result) => queryClient.setQueryData(checkoutKeys.order(orderId), result.order),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.credits });
      void queryClient.invalidateQueries({ predicate: (query) => isOrdersList(query.queryKey) });
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.sidebarCounts });
    },
  });
}
