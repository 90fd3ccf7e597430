import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClusterTopology } from '@alpenkube/contract';
import { clusterKeys, clusterTopologyQuery } from '@/lib/cluster-cache';

/* The app's cluster push handler marks these stale on every change: the graph follows live. */

export function useClusterTopology(id: number | null) {
  return useQuery({ ...clusterTopologyQuery(id ?? 0), enabled: id !== null });
}

export function useOrganizationTopologies() {
  return useQuery(queryOptions<ClusterTopology[]>({ queryKey: clusterKeys.topologies }));
}
