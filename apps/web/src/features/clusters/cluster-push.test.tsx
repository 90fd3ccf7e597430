import { renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ClusterEvent } from '@alpenkube/contract';
import { dispatchPush } from '@/lib/realtime/socket';
import { useClusterPushes } from './cluster-push';
import { clusterEvent } from './test-clusters';

const event = clusterEvent({ id: 9, kind: 'node', message: 'Node general-node-4 joined' });
const push = {
  type: 'cluster',
  organizationId: 3,
  clusterId: 42,
  status: 'updating',
  progress: 60,
  event,
} as const;

function clientWithClusters() {
  const queryClient = new QueryClient();
  for (const key of [
    '/api/clusters',
    '/api/clusters?status=running',
    '/api/clusters/42',
    '/api/sidebar-counts',
    '/api/orders',
  ]) {
    queryClient.setQueryData([key], {});
  }
  queryClient.setQueryData(['/api/clusters/42/events'], [clusterEvent({ id: 8 })]);
  return queryClient;
}

const invalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0])
    .sort();

describe('the cluster push handler', () => {
  it('appends the event to the log once and refreshes the cluster views, while mounted', () => {
    const queryClient = clientWithClusters();
    const mounted = renderHook(() => useClusterPushes());
    dispatchPush(push, { userId: 7, queryClient });
    dispatchPush(push, { userId: 7, queryClient });

    const log = queryClient.getQueryData<ClusterEvent[]>(['/api/clusters/42/events']);
    expect(log?.map((known) => known.id)).toEqual([8, 9]);
    expect(invalidated(queryClient)).toEqual([
      '/api/clusters',
      '/api/clusters/42',
      '/api/clusters?status=running',
      '/api/sidebar-counts',
    ]);

    mounted.unmount();
    const after = clientWithClusters();
    dispatchPush(push, { userId: 7, queryClient: after });
    expect(invalidated(after)).toEqual([]);
    expect(after.getQueryData<ClusterEvent[]>(['/api/clusters/42/events'])).toHaveLength(1);
  });
});
