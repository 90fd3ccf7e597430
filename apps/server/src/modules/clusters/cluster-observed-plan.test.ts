import { describe, expect, it } from 'vitest';
import { observedChanges, type ObservedVolumeRow } from './cluster-observed-plan.ts';

const at = (time: string) => new Date(`2026-11-29T${time}:00.000Z`);
const storageClass = 'DigitalOcean block storage';
const volume = (ref: string, sizeGb: number, createdAt: Date | null = null) => ({
  ref,
  name: `pvc-${ref}`,
  sizeGb,
  storageClass,
  createdAt,
});
const row = (id: number, ref: string, sizeGb: number, createdAt: Date): ObservedVolumeRow => ({
  id,
  providerRef: ref,
  name: `pvc-${ref}`,
  sizeGb,
  createdAt,
});
const none = { volumes: [], loadBalancers: [] };

describe('reconciling the rows with what the provider has', () => {
  it('starts a new resource when the provider made it, never before the last look nor after now', () => {
    const changes = observedChanges(
      none,
      {
        volumes: [volume('a', 10, at('10:04')), volume('b', 5, at('09:00')), volume('c', 1)],
        loadBalancers: [{ ref: 'lb', name: 'web', ip: '198.51.100.9', createdAt: at('11:00') }],
      },
      { now: at('10:10'), lastObservedAt: at('10:00') },
    );
    expect(changes.openVolumes.map((open) => [open.ref, open.createdAt])).toEqual([
      ['a', at('10:04')],
      // Made before the last look (its hours are metered already): from the last look.
      ['b', at('10:00')],
      // The provider gave no time: now.
      ['c', at('10:10')],
    ]);
    // A time in the future is the provider's clock: now.
    expect(changes.openBalancers).toEqual([
      { ref: 'lb', name: 'web', ip: '198.51.100.9', createdAt: at('10:10') },
    ]);
    expect(changes.closeVolumes).toEqual([]);
  });

  it('starts everything now at the first look: earlier hours may be billed already', () => {
    const changes = observedChanges(
      none,
      { volumes: [volume('a', 10, at('08:00'))], loadBalancers: [] },
      { now: at('10:10'), lastObservedAt: null },
    );
    expect(changes.openVolumes[0]!.createdAt).toEqual(at('10:10'));
  });

  it('ends a resource that is gone when it was last seen, and leaves one still there alone', () => {
    const changes = observedChanges(
      {
        volumes: [row(1, 'a', 10, at('09:00')), row(2, 'b', 5, at('09:30'))],
        loadBalancers: [
          { id: 3, providerRef: 'lb', name: 'web', ip: '198.51.100.9', createdAt: at('09:00') },
        ],
      },
      { volumes: [volume('b', 5)], loadBalancers: [] },
      { now: at('10:20'), lastObservedAt: at('10:10') },
    );
    expect(changes.closeVolumes).toEqual([
      { id: 1, name: 'pvc-a', sizeGb: 10, deletedAt: at('10:10'), resized: false },
    ]);
    expect(changes.closeBalancers).toEqual([{ id: 3, name: 'web', deletedAt: at('10:10') }]);
    expect(changes.openVolumes).toEqual([]);
  });

  it('bills a resized volume at its new size from when the new size was seen: a new row', () => {
    const changes = observedChanges(
      { volumes: [row(1, 'a', 10, at('09:00'))], loadBalancers: [] },
      { volumes: [volume('a', 25, at('09:00'))], loadBalancers: [] },
      { now: at('10:20'), lastObservedAt: at('10:10') },
    );
    expect(changes.closeVolumes).toEqual([
      { id: 1, name: 'pvc-a', sizeGb: 10, deletedAt: at('10:20'), resized: true },
    ]);
    expect(changes.openVolumes).toEqual([
      { ref: 'a', name: 'pvc-a', sizeGb: 25, storageClass, createdAt: at('10:20'), resized: true },
    ]);
  });

  it('changes nothing when asked again with the same answer', () => {
    const rows = {
      volumes: [row(1, 'a', 10, at('09:00'))],
      loadBalancers: [
        { id: 3, providerRef: 'lb', name: 'web', ip: '198.51.100.9', createdAt: at('09:00') },
      ],
    };
    const seen = {
      volumes: [volume('a', 10, at('09:00'))],
      loadBalancers: [{ ref: 'lb', name: 'web', ip: '198.51.100.9', createdAt: at('09:00') }],
    };
    expect(observedChanges(rows, seen, { now: at('10:20'), lastObservedAt: at('10:10') })).toEqual({
      openVolumes: [],
      closeVolumes: [],
      openBalancers: [],
      closeBalancers: [],
      balancerAddresses: [],
    });
  });

  it("corrects a load balancer's address, and renames a newcomer whose name a live row holds", () => {
    const changes = observedChanges(
      {
        volumes: [],
        loadBalancers: [
          { id: 3, providerRef: 'lb1', name: 'web', ip: '198.51.100.9', createdAt: at('09:00') },
        ],
      },
      {
        volumes: [volume('c0ffee1234', 5)],
        loadBalancers: [
          { ref: 'lb1', name: 'web', ip: '198.51.100.10', createdAt: at('09:00') },
          { ref: 'lb2abcdef99', name: 'web', ip: '198.51.100.11', createdAt: null },
        ],
      },
      { now: at('10:20'), lastObservedAt: at('10:10') },
      { volumes: ['pvc-c0ffee1234'], loadBalancers: [] },
    );
    expect(changes.balancerAddresses).toEqual([{ id: 3, ip: '198.51.100.10' }]);
    expect(changes.openBalancers.map((open) => open.name)).toEqual(['web-lb2abcde']);
    expect(changes.openVolumes.map((open) => open.name)).toEqual(['pvc-c0ffee1234-c0ffee12']);
  });
});
