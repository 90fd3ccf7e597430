import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Cluster, ClusterListQuery, ClusterPage } from '@alpenkube/contract';
import {
  clusterChanged,
  clusterDetailQuery,
  clusterEventsQuery,
  clusterKeys,
  refreshClusters,
} from '@/lib/cluster-cache';

/*
 * Every read goes through the default query fetcher (always the network, never `request`'s
 * GET cache), and nothing polls: the app's cluster push handler marks these stale, or appends
 * the pushed event to the log, whenever a cluster of the organization changes.
 */

export const clusterListQuery = (query: ClusterListQuery) =>
  queryOptions<ClusterPage>({ queryKey: clusterKeys.list(query) });

/** A page of the list; the previous page stays on screen while another filter loads. */
export function useClusterList(query: ClusterListQuery) {
  return useQuery({ ...clusterListQuery(query), placeholderData: keepPreviousData });
}

export function useCluster(id: number | null) {
  return useQuery({ ...clusterDetailQuery(id ?? 0), enabled: id !== null });
}

export function useClusterEvents(id: number | null) {
  return useQuery({ ...clusterEventsQuery(id ?? 0), enabled: id !== null });
}

/**
 * A change of a cluster. Its answer is the cluster as it now is (usually `updating`, with the
 * operation that applies the change), written where the page reads it. A refusal refreshes the
 * cluster too: a 409 means the page showed a status that is no longer true. The callbacks
 * belong to the mutation, not to one `mutate` call, because a dialog that closes on success
 * unmounts before a call's callbacks would run.
 */
export function useClusterChange<Variables>(
  mutationFn: (variables: Variables) => Promise<Cluster>,
  callbacks: {
    onSuccess?: (cluster: Cluster, variables: Variables) => void;
    onError?: (error: Error) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (cluster, variables) => {
      void clusterChanged(queryClient, cluster);
      callbacks.onSuccess?.(cluster, variables);
    },
    onError: (error) => {
      void refreshClusters(queryClient);
      callbacks.onError?.(error);
    },
  });
}
