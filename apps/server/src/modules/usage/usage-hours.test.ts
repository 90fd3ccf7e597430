import { describe, expect, it } from 'vitest';
import {
  addHours,
  meterHour,
  milliHours,
  overlapSeconds,
  paidConfigAt,
  poolSeconds,
  resourceRecords,
  type ClusterHistory,
  type HourRates,
} from './usage-hours.ts';

const H = new Date('2026-11-10T10:00:00.000Z');
const at = (iso: string) => new Date(`2026-11-10T${iso}Z`);

const rates: HourRates = {
  controlPlaneHour: 10_000,
  nodeHour: { 1: 2_000, 2: 5_000 },
  addonHour: { monitoring: 700, backup: 300 },
  storageGbHour: 14,
  egressGb: 1_000,
};

const history = (overrides: Partial<ClusterHistory> = {}): ClusterHistory => ({
  firstRunningAt: at('09:00:00'),
  deletedAt: null,
  freeUntil: null,
  addons: [],
  pools: [{ id: 1, name: 'general' }],
  nodes: [],
  subscriptions: [],
  ...overrides,
});

const node = (start: string, end: string | null = null, poolId = 1) => ({
  poolId,
  start: at(start),
  end: end ? at(end) : null,
});

describe('overlap of a lifetime with an hour, to the second', () => {
  it('counts the whole hour for a node that outlives it', () => {
    expect(overlapSeconds(node('08:00:00'), H, addHours(H, 1))).toBe(3600);
  });

  it('counts from creation and until removal, cutting milliseconds', () => {
    expect(overlapSeconds(node('10:15:00.900', '10:45:30.200'), H, addHours(H, 1))).toBe(
      30 * 60 + 30,
    );
  });

  it('counts nothing for a node created after or removed before the hour', () => {
    expect(overlapSeconds(node('11:00:00'), H, addHours(H, 1))).toBe(0);
    expect(overlapSeconds(node('08:00:00', '10:00:00'), H, addHours(H, 1))).toBe(0);
  });

  it('counts one second for a node removed one second into the hour', () => {
    expect(overlapSeconds(node('08:00:00', '10:00:01'), H, addHours(H, 1))).toBe(1);
  });

  it('turns seconds into thousandths of an hour, half up', () => {
    expect(milliHours(3600)).toBe(1000);
    expect(milliHours(1800)).toBe(500);
    expect(milliHours(1)).toBe(0);
    expect(milliHours(2)).toBe(1);
  });
});

describe('billable node-seconds above the paid count', () => {
  it('bills only the part above the paid count, while it runs', () => {
    // Three nodes all hour, a fourth from 10:30: paid for three, half an hour of one is billable.
    const nodes = [node('08:00:00'), node('08:00:00'), node('08:00:00'), node('10:30:00')];
    expect(poolSeconds(nodes, H, addHours(H, 1), 3)).toEqual({
      seconds: 3 * 3600 + 1800,
      billableSeconds: 1800,
    });
  });

  it('bills nothing at or below the paid count, and everything with nothing paid', () => {
    const nodes = [node('08:00:00'), node('08:00:00', '10:20:00')];
    expect(poolSeconds(nodes, H, addHours(H, 1), 2).billableSeconds).toBe(0);
    expect(poolSeconds(nodes, H, addHours(H, 1), 5).billableSeconds).toBe(0);
    expect(poolSeconds(nodes, H, addHours(H, 1), 0).billableSeconds).toBe(3600 + 1200);
  });

  it('counts a replacement node that overlaps the one it replaces as one more while both run', () => {
    // Paid for one: the old node until 10:40, the new one from 10:30, so 10 minutes of two.
    const nodes = [node('08:00:00', '10:40:00'), node('10:30:00')];
    expect(poolSeconds(nodes, H, addHours(H, 1), 1)).toEqual({
      seconds: 40 * 60 + 30 * 60,
      billableSeconds: 600,
    });
  });
});

describe('an hour of a cluster', () => {
  it('shows 15 node-hours for 5 nodes over 3 hours', () => {
    const nodes = Array.from({ length: 5 }, () => node('09:00:00'));
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const hour = addHours(H, i);
      const { records, nodeHours } = meterHour(history({ nodes }), rates, hour, addHours(hour, 1));
      const nodeRecord = records.find((record) => record.metric === 'node_hours')!;
      total += nodeRecord.quantityMilli;
      expect(nodeHours).toBe(5);
      expect(nodeRecord).toMatchObject({
        quantityMilli: 5000,
        billableMilli: 5000,
        costMillicents: 5 * 2_000,
      });
    }
    expect(total).toBe(15_000);
  });

  it('bills the nodes above the pool paid count, pool by pool, at each pool rate', () => {
    const pools = [
      { id: 1, name: 'general' },
      { id: 2, name: 'gpu' },
    ];
    const nodes = [
      ...Array.from({ length: 4 }, () => node('08:00:00', null, 1)),
      node('08:00:00', null, 2),
      node('10:30:00', null, 2),
    ];
    const subscriptions = [
      {
        paidConfig: { nodePools: [{ name: 'general', count: 3 }], addons: [] },
        cancelledAt: null,
      },
    ];
    const { records } = meterHour(
      history({ pools, nodes, subscriptions }),
      rates,
      H,
      addHours(H, 1),
    );
    // general: 1 node above 3 all hour; gpu: none paid, 1.5 node-hours.
    expect(records.find((record) => record.metric === 'node_hours')).toEqual({
      metric: 'node_hours',
      hour: H,
      quantityMilli: 5500,
      billableMilli: 2500,
      costMillicents: 1000 * 2 + 1500 * 5,
    });
  });

  it('bills the control plane only where no subscription covers it, from its first run to deletion', () => {
    const running = history({ firstRunningAt: at('10:15:00') });
    const [uncovered] = meterHour(running, rates, H, addHours(H, 1)).records;
    expect(uncovered).toMatchObject({
      metric: 'control_plane_hours',
      quantityMilli: 750,
      billableMilli: 750,
      costMillicents: 7_500,
    });

    const covered = history({
      deletedAt: at('10:30:00'),
      subscriptions: [{ paidConfig: null, cancelledAt: at('10:30:00') }],
    });
    expect(meterHour(covered, rates, H, addHours(H, 1)).records).toEqual([
      {
        metric: 'control_plane_hours',
        hour: H,
        quantityMilli: 500,
        billableMilli: 0,
        costMillicents: 0,
      },
    ]);
    // The hour after the cancellation is not covered any more; nothing ran then anyway.
    expect(paidConfigAt(covered, addHours(H, 1))).toBeNull();
  });

  it('meters nothing of the control plane or add-ons before the cluster first ran', () => {
    const provisioning = history({
      firstRunningAt: null,
      addons: ['monitoring'],
      nodes: [node('10:50:00')],
    });
    const { records } = meterHour(provisioning, rates, H, addHours(H, 1));
    expect(records.map((record) => record.metric)).toEqual(['node_hours']);
  });

  it('bills the add-ons the period did not pay for', () => {
    const withAddons = history({
      addons: ['monitoring', 'backup'],
      subscriptions: [{ paidConfig: { nodePools: [], addons: ['monitoring'] }, cancelledAt: null }],
    });
    const addon = meterHour(withAddons, rates, H, addHours(H, 1)).records.find(
      (record) => record.metric === 'addon_hours',
    );
    expect(addon).toMatchObject({ quantityMilli: 2000, billableMilli: 1000, costMillicents: 300 });
  });

  it('meters a part of the hour up to a given end', () => {
    const { records, nodeHours } = meterHour(
      history({ nodes: [node('08:00:00'), node('08:00:00')] }),
      rates,
      H,
      at('10:20:00'),
    );
    expect(nodeHours).toBeCloseTo(2 / 3, 10);
    expect(records.find((record) => record.metric === 'node_hours')?.quantityMilli).toBe(667);
    expect(records.find((record) => record.metric === 'control_plane_hours')?.quantityMilli).toBe(
      333,
    );
  });

  it('turns the provider figures into billable storage and egress records, none for zero', () => {
    expect(resourceRecords(H, { storageGbHours: 250.5, egressGb: 0.1234 }, rates)).toEqual([
      {
        metric: 'storage_gb_hours',
        hour: H,
        quantityMilli: 250_500,
        billableMilli: 250_500,
        costMillicents: 3_507,
      },
      { metric: 'egress_gb', hour: H, quantityMilli: 123, billableMilli: 123, costMillicents: 123 },
    ]);
    expect(resourceRecords(H, { storageGbHours: 0, egressGb: 0 }, rates)).toEqual([]);
  });
});

describe('a free trial', () => {
  it('counts the hours before its end without billing them, and bills every hour after', () => {
    const trial = history({ freeUntil: at('11:00:00'), nodes: [node('09:00:00')] });
    const inTrial = meterHour(trial, rates, at('10:00:00'), at('11:00:00')).records;
    expect(inTrial.find((r) => r.metric === 'node_hours')).toMatchObject({
      quantityMilli: 1000,
      billableMilli: 0,
      costMillicents: 0,
    });
    const after = meterHour(trial, rates, at('11:00:00'), at('12:00:00')).records;
    expect(after.find((r) => r.metric === 'node_hours')).toMatchObject({
      quantityMilli: 1000,
      billableMilli: 1000,
      costMillicents: 2_000,
    });
  });
});
