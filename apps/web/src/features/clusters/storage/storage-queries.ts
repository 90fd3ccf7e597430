import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClusterLoadBalancers,
  ClusterVolumes,
  CreateLoadBalancer,
  CreateVolume,
} from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { refreshClusters } from '@/lib/cluster-cache';
import { queryKeyOf, request } from '@/lib/http';

const { clusters } = endpoints;

/*
 * A cluster's volumes and load balancers. Their keys sit under the cluster's path, so a push
 * about the cluster (the event a change writes) marks them stale with the rest of its views.
 */
export const volumesQuery = (id: number) =>
  queryOptions<ClusterVolumes>({ queryKey: queryKeyOf(clusters.volumes, id) });
export const loadBalancersQuery = (id: number) =>
  queryOptions<ClusterLoadBalancers>({ queryKey: queryKeyOf(clusters.loadBalancers, id) });

export const useVolumes = (id: number) => useQuery(volumesQuery(id));
export const useLoadBalancers = (id: number) => useQuery(loadBalancersQuery(id));

export const createVolume = (id: number, body: CreateVolume) =>
  request(clusters.createVolume, { params: [id], body });
export const deleteVolume = (id: number, volumeId: number) =>
  request(clusters.deleteVolume, { params: [id, volumeId] });
export const createLoadBalancer = (id: number, body: CreateLoadBalancer) =>
  request(clusters.createLoadBalancer, { params: [id], body });
export const deleteLoadBalancer = (id: number, loadBalancerId: number) =>
  request(clusters.deleteLoadBalancer, { params: [id, loadBalancerId] });

/**
 * A change of the cluster's volumes or load balancers: the answer is the new list, written where
 * the section reads it; the cluster's other views (its event log) refresh. The callbacks belong
 * to the mutation: a dialog that closes on success unmounts before a call's own would run.
 */
export function useStorageChange<Variables, Answer extends ClusterVolumes | ClusterLoadBalancers>(
  queryKey: readonly unknown[],
  mutationFn: (variables: Variables) => Promise<Answer>,
  callbacks: { onSuccess?: (answer: Answer) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      void refreshClusters(queryClient);
      callbacks.onSuccess?.(answer);
    },
    onError: (error) => {
      void refreshClusters(queryClient);
      callbacks.onError?.(error);
    },
  });
}
