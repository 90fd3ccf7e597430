import { useState } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CardDetails,
  CreditBalance,
  PaymentGatewayInfo,
  PaymentMethod,
} from '@alpenkube/contract/payments';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { addPaymentMethod, tokenizeCard } from './requests';

/**
 * The organization's saved cards, the payment gateway and the credit balance, as every feature
 * that pays (the checkout) or manages them (billing) caches them: one key per GET path.
 */
export const paymentKeys = {
  gateway: queryKeyOf(endpoints.billing.gateway),
  paymentMethods: queryKeyOf(endpoints.billing.paymentMethods),
  credits: queryKeyOf(endpoints.billing.credits),
};

export const paymentQueries = {
  gateway: () => queryOptions<PaymentGatewayInfo>({ queryKey: paymentKeys.gateway }),
  paymentMethods: () => queryOptions<PaymentMethod[]>({ queryKey: paymentKeys.paymentMethods }),
  credits: () => queryOptions<CreditBalance>({ queryKey: paymentKeys.credits }),
};

/** The cards as they are once `method` is saved: it replaces its old copy, and one default. */
export function withSavedMethod(methods: PaymentMethod[] | undefined, method: PaymentMethod) {
  return [
    ...(methods ?? [])
      .filter((known) => known.id !== method.id)
      .map((known) => (method.isDefault ? { ...known, isDefault: false } : known)),
    method,
  ];
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    // The same card added again answers the one already saved: it replaces, never doubles.
    onSuccess: (method) =>
      queryClient.setQueryData<PaymentMethod[]>(paymentKeys.paymentMethods, (methods) =>
        withSavedMethod(methods, method),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.paymentMethods }),
  });
}

/**
 * Saving a new card: the gateway tokenizes it (the number goes there only), then the platform
 * saves the token. `saveCard` answers the saved card and throws the gateway's refusal (400
 * with issues naming `number`, `expMonth`…) or the platform's.
 */
export function useSaveCard(gateway: PaymentGatewayInfo | undefined) {
  const addMethod = useAddPaymentMethod();
  const [tokenizing, setTokenizing] = useState(false);

  async function saveCard(
    card: CardDetails,
    options: { makeDefault?: boolean } = {},
  ): Promise<PaymentMethod> {
    if (!gateway) throw new Error('The payment gateway is not available. Try again.');
    setTokenizing(true);
    try {
      const token = await tokenizeCard(gateway.tokenizeUrl, card);
      return await addMethod.mutateAsync({
        token: token.id,
        ...(options.makeDefault ? { makeDefault: true } : {}),
      });
    } finally {
      setTokenizing(false);
    }
  }

  return { saveCard, pending: tokenizing || addMethod.isPending };
}
