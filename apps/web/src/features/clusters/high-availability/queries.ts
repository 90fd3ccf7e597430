import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClusterHaQuote, Order } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { refreshClusters } from '@/lib/cluster-cache';
import { queryKeyOf } from '@/lib/http';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { refreshOrders } from '@/lib/order-cache';
import { orderHighAvailability } from '../requests';

/** What making the control plane highly available costs now, asked fresh when the dialog opens. */
export function useHaQuote(clusterId: number, enabled: boolean) {
  return useQuery({
    ...queryOptions<ClusterHaQuote>({
      queryKey: queryKeyOf(endpoints.highAvailability.quote, clusterId),
      staleTime: 0,
    }),
    enabled,
  });
}

/** Places the order; one Idempotency-Key per dialog, so a second click is the same order. */
export function useOrderHa(clusterId: number, onPlaced: (order: Order) => void) {
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  return useMutation({
    // The code is part of the key: the same request with another code is another request.
    mutationFn: (body: { promoCode?: string }) =>
      orderHighAvailability(
        clusterId,
        body,
        `${key}-${clusterId}${body.promoCode ? `-${body.promoCode}` : ''}`,
      ),
    onSuccess: (order) => {
      void refreshOrders(queryClient);
      void refreshClusters(queryClient);
      onPlaced(order);
    },
  });
}
