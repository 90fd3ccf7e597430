import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClusterAddons, ClusterPage, Order } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { clusterChanged, clusterKeys, refreshClusters } from '@/lib/cluster-cache';
import { queryKeyOf } from '@/lib/http';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { refreshOrders } from '@/lib/order-cache';
import { orderAddon, removeAddon } from './requests';

/*
 * A cluster's add-ons live under its path (`/api/clusters/:id/addons`), so the cluster pushes
 * that mark the clusters stale mark these stale too: an add-on installed shows without polling.
 */

/** Every add-on on one cluster with its prorated price and removal credit, asked fresh. */
export const clusterAddonsQuery = (clusterId: number) =>
  queryOptions<ClusterAddons>({
    queryKey: queryKeyOf(endpoints.addons.forCluster, clusterId),
    staleTime: 0,
  });

export function useClusterAddons(clusterId: number | null) {
  return useQuery({ ...clusterAddonsQuery(clusterId ?? 0), enabled: clusterId !== null });
}

/** The clusters add-ons go on: every one that is not deleted, a page of the most the API gives. */
export function useOrganizationClusters() {
  return useQuery(
    queryOptions<ClusterPage>({ queryKey: clusterKeys.list({ sort: 'name', limit: 100 }) }),
  );
}

/** Places the add-on order; one Idempotency-Key per dialog, so a second click is the same order. */
export function useOrderAddon(onPlaced: (order: Order) => void) {
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  return useMutation({
    // The code is part of the key: the same choice with another code is another request.
    mutationFn: (body: { clusterId: number; addon: string; promoCode?: string }) =>
      orderAddon(
        body,
        `${key}-${body.clusterId}-${body.addon}${body.promoCode ? `-${body.promoCode}` : ''}`,
      ),
    onSuccess: (order) => {
      void refreshOrders(queryClient);
      void refreshClusters(queryClient);
      onPlaced(order);
    },
  });
}

export function useRemoveAddon(callbacks: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clusterId, slug }: { clusterId: number; slug: string }) =>
      removeAddon(clusterId, slug),
    onSuccess: (cluster) => {
      void clusterChanged(queryClient, cluster);
      callbacks.onSuccess();
    },
    onError: (error) => {
      void refreshClusters(queryClient);
      callbacks.onError(error);
    },
  });
}
