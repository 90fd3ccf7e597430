import { describe, expect, it } from 'vitest';
import {
  currentStep,
  failureEvent,
  newestFirst,
  poolNodes,
  provisioningPercent,
  provisioningPhase,
  readyNodeCount,
} from './provisioning-state';
import { testCluster, testEvent, testNode } from './test-clusters';

describe('a cluster being provisioned', () => {
  it('reads its phase from its status', () => {
    expect(provisioningPhase('ordered')).toBe('waiting');
    expect(provisioningPhase('provisioning')).toBe('building');
    expect(provisioningPhase('running')).toBe('ready');
    // Changed already after it was built: it is built.
    expect(provisioningPhase('updating')).toBe('ready');
    expect(provisioningPhase('failed')).toBe('failed');
    expect(provisioningPhase('deleting')).toBe('gone');
  });

  it('shows the provision operation’s percent, 100 once running, 0 before it starts', () => {
    expect(provisioningPercent(testCluster())).toBe(40);
    expect(provisioningPercent(testCluster({ status: 'running', operation: null }))).toBe(100);
    expect(provisioningPercent(testCluster({ status: 'ordered', operation: null }))).toBe(0);
    // Another kind of operation is not the build's progress.
    const scaling = testCluster({
      operation: { kind: 'scale', progress: 70, step: null, startedAt: '2026-03-01T10:00:00Z' },
    });
    expect(provisioningPercent(scaling)).toBe(0);
    const over = testCluster({
      operation: {
        kind: 'provision',
        progress: 140,
        step: null,
        startedAt: '2026-03-01T10:00:00Z',
      },
    });
    expect(provisioningPercent(over)).toBe(100);
  });

  it('names the step under way, or what the phase means', () => {
    expect(currentStep(testCluster())).toBe('Starting the control plane');
    expect(currentStep(testCluster({ status: 'ordered', operation: null }))).toBe(
      'Paid: waiting for the provider to start',
    );
    // Paid and picked up: the provider's first step is named already.
    const accepting = testCluster({
      status: 'ordered',
      operation: { ...testCluster().operation!, progress: 0, step: 'Accepting the order' },
    });
    expect(currentStep(accepting)).toBe('Accepting the order');
    expect(currentStep(testCluster({ status: 'running', operation: null }))).toBe('Ready');
    // A failed build's last step is not "under way".
    expect(currentStep(testCluster({ status: 'failed' }))).toBe('Provisioning failed');
  });

  it('counts the nodes ready and those still to come, per pool', () => {
    const cluster = testCluster({
      nodePools: [
        {
          ...testCluster().nodePools[0]!,
          nodes: [testNode('n-1', 'ready'), testNode('n-2', 'joining')],
        },
        {
          id: 4,
          name: 'gpu',
          size: 'g-8',
          count: 1,
          autoscaleMin: null,
          autoscaleMax: null,
          labels: {},
          taints: [],
          nodes: [],
        },
      ],
    });
    expect(poolNodes(cluster).map((pool) => [pool.name, pool.nodes.length, pool.pending])).toEqual([
      ['general', 2, 1],
      ['gpu', 0, 1],
    ]);
    expect(readyNodeCount(cluster)).toEqual({ ready: 1, asked: 4 });
  });

  it('finds the platform’s last word on a failure: the event that left it failed', () => {
    const events = [
      testEvent(1),
      testEvent(2, { kind: 'retry', message: 'Capacity unavailable, retrying' }),
      testEvent(3, { kind: 'error', status: 'failed', message: 'No capacity in af-south-1' }),
      testEvent(4, {
        kind: 'status',
        status: 'failed',
        message: 'Provisioning failed; $450.00 was credited to your balance',
      }),
      testEvent(5, { kind: 'action', status: 'failed', message: 'Renamed' }),
    ];
    expect(failureEvent(events)?.id).toBe(4);
    expect(failureEvent([testEvent(1)])).toBeNull();
  });

  it('lists the log newest first without changing the cached list', () => {
    const events = [testEvent(1), testEvent(3), testEvent(2)];
    expect(newestFirst(events).map((event) => event.id)).toEqual([3, 2, 1]);
    expect(events.map((event) => event.id)).toEqual([1, 3, 2]);
  });
});
