import { describe, expect, it } from 'vitest';
import { clusterStatuses, nodeStatuses } from '@alpenkube/contract/cluster-states';
import { legendEntries } from './topology-status';

describe('the topology legend', () => {
  it('names every node status and every cluster status once, under its colour', () => {
    const entries = legendEntries();
    expect(entries.flatMap((entry) => entry.nodeStatuses).sort()).toEqual([...nodeStatuses].sort());
    expect(entries.flatMap((entry) => entry.clusterStatuses).sort()).toEqual(
      [...clusterStatuses].sort(),
    );
    const ok = entries.find((entry) => entry.tone === 'ok')!;
    expect(ok).toMatchObject({ nodeStatuses: ['ready'], clusterStatuses: ['running'] });
    const working = entries.find((entry) => entry.tone === 'working')!;
    expect(working.nodeStatuses).toEqual(['joining']);
    expect(working.clusterStatuses).toContain('provisioning');
  });
});
