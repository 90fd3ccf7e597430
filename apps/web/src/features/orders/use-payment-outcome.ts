import { useQuery, useQueryClient } from '@tanstack/react-query';
import { settlePayment } from './payment-outcome';
import { refreshOrders } from './queries';

/**
 * The payment-success page's outcome, decided once per visit: one query per order id, so a
 * second render (React's strict mode, a re-mount) never pays twice, and nothing is kept once
 * the page is left (`gcTime: 0`), so a later visit reads the order afresh.
 */
export function usePaymentOutcome(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payment-success', id],
    queryFn: async () => {
      const outcome = await settlePayment(id!);
      if (outcome.kind === 'paid' || outcome.kind === 'declined') void refreshOrders(queryClient);
      return outcome;
    },
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
