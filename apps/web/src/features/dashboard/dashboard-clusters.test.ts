import { describe, expect, it } from 'vitest';
import type { ClusterEvent } from '@alpenkube/contract';
import { clustersForEvents, countByStatus, latestEvents } from './dashboard-clusters';

const operation = { kind: 'provision' as const, progress: 10, step: null, startedAt: '' };

describe('the dashboard’s clusters', () => {
  it('counts the clusters in each status it shows, deleted ones left out', () => {
    const counts = countByStatus(
      ['running', 'running', 'provisioning', 'failed', 'deleted'].map((status) => ({
        status: status as 'running',
      })),
    );
    expect(counts).toEqual({
      running: 2,
      ordered: 0,
      provisioning: 1,
      updating: 0,
      degraded: 0,
      failed: 1,
      deleting: 0,
    });
  });

  it('reads the events of clusters at work first, then of the latest changed', () => {
    const clusters = [
      { id: 1, operation: null, updatedAt: '2026-03-01T12:00:00Z' },
      { id: 2, operation, updatedAt: '2026-03-01T09:00:00Z' },
      { id: 3, operation: null, updatedAt: '2026-03-01T11:00:00Z' },
      { id: 4, operation: null, updatedAt: '2026-03-01T10:00:00Z' },
      { id: 5, operation, updatedAt: '2026-03-01T10:30:00Z' },
    ];
    expect(clustersForEvents(clusters)).toEqual([5, 2, 1]);
    expect(clustersForEvents([])).toEqual([]);
  });

  it('merges several logs into the newest few, newest first', () => {
    const event = (id: number, at: string) => ({ id, at }) as ClusterEvent;
    const logs = [
      [event(1, '2026-03-01T10:00:00Z'), event(4, '2026-03-01T10:03:00Z')],
      [event(2, '2026-03-01T10:01:00Z'), event(3, '2026-03-01T10:03:00Z')],
    ];
    expect(latestEvents(logs, 3).map((item) => item.id)).toEqual([4, 3, 2]);
  });
});
