import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Cluster, ClusterEvent, ClusterListQuery, ClusterTopology } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import type { ClusterPushMessage } from '@alpenkube/contract/push';
import { isUnder, queryKeyOf } from '@/lib/http';
import { parseRowId } from '@/lib/row-id';

/**
 * An organization's clusters as the web app caches them, shared by every feature that shows one
 * (the cluster pages, provisioning, topology, the dashboard): one key per GET path, and one rule
 * for what a cluster's change makes stale.
 */
export const clusterKeys = {
  list: (query: ClusterListQuery = {}) => queryKeyOf(endpoints.clusters.list, query),
  detail: (id: number) => queryKeyOf(endpoints.clusters.get, id),
  events: (id: number) => queryKeyOf(endpoints.clusters.events, id),
  topology: (id: number) => queryKeyOf(endpoints.clusters.topology, id),
  topologies: queryKeyOf(endpoints.clusters.topologies),
  sidebarCounts: queryKeyOf(endpoints.platform.sidebarCounts),
};

export const clusterDetailQuery = (id: number) =>
  queryOptions<Cluster>({ queryKey: clusterKeys.detail(id) });
export const clusterEventsQuery = (id: number) =>
  queryOptions<ClusterEvent[]>({ queryKey: clusterKeys.events(id) });
export const clusterTopologyQuery = (id: number) =>
  queryOptions<ClusterTopology>({ queryKey: clusterKeys.topology(id) });

const clustersPath = endpoints.clusters.list.path();

/** Whether a query is one of the clusters' (a list, one cluster, its events or graph). */
export function isClusterQueryKey(queryKey: readonly unknown[]) {
  return isUnder(queryKey, clustersPath);
}

/** After any change of a cluster: every cluster view, and the sidebar's counts. */
export function refreshClusters(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => isClusterQueryKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: clusterKeys.sidebarCounts }),
  ]);
}

/** Writes the cluster's new state where its page reads it, then marks the rest stale. */
export function clusterChanged(queryClient: QueryClient, cluster: Cluster) {
  queryClient.setQueryData(clusterKeys.detail(cluster.id), cluster);
  return refreshClusters(queryClient);
}

/**
 * A push about a cluster: its event joins the cached log at once (the log never refetches for
 * it), and the views of that cluster and the lists refetch.
 */
export function clusterPushed(queryClient: QueryClient, message: ClusterPushMessage) {
  const { event } = message;
  if (event) {
    queryClient.setQueryData<ClusterEvent[]>(clusterKeys.events(message.clusterId), (events) =>
      events && !events.some((known) => known.id === event.id) ? [...events, event] : events,
    );
  }
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) =>
        isClusterQueryKey(query.queryKey) &&
        query.queryKey[0] !== endpoints.clusters.events.path(message.clusterId),
    }),
    queryClient.invalidateQueries({ queryKey: clusterKeys.sidebarCounts }),
  ]);
}

/** A cluster's id as a URL gives it (`/clusters/:id`, `?cluster=`), or null for anything else. */
export const parseClusterId = parseRowId;
