import { describe, expect, it } from 'vitest';
import type { UsageRow } from '@alpenkube/contract';
import {
  clusterLabel,
  costByCluster,
  costByDay,
  costedMetrics,
  formatQuantity,
  hasUsage,
  quantityByDay,
  totalsByMetric,
} from './usage-data';

const row = (fields: Partial<UsageRow> & Pick<UsageRow, 'metric'>): UsageRow => ({
  day: null,
  clusterId: null,
  clusterName: null,
  quantity: 0,
  billableQuantity: 0,
  cost: 0,
  ...fields,
});

const days = ['2026-03-01', '2026-03-02', '2026-03-03'];

describe('usage shaped for the charts', () => {
  const byDay = [
    row({ day: '2026-03-01', metric: 'node_hours', quantity: 72, billableQuantity: 24, cost: 150 }),
    row({
      day: '2026-03-01',
      metric: 'egress_gb',
      quantity: 1.234,
      billableQuantity: 1.234,
      cost: 11,
    }),
    row({ day: '2026-03-03', metric: 'node_hours', quantity: 0.1, billableQuantity: 0.1, cost: 1 }),
    row({ day: '2026-03-03', metric: 'node_hours', quantity: 0.2, billableQuantity: 0, cost: 0 }),
    // A day outside the range is no bar.
    row({ day: '2026-02-28', metric: 'node_hours', quantity: 5, cost: 99 }),
  ];

  it('gives every day of the range its cost by metric, zeros for days without rows', () => {
    const figures = costByDay(byDay, days);
    expect(figures.map((figure) => [figure.day, figure.total])).toEqual([
      ['2026-03-01', 161],
      ['2026-03-02', 0],
      ['2026-03-03', 1],
    ]);
    expect(figures[0]!.byMetric).toEqual({
      control_plane_hours: 0,
      node_hours: 150,
      addon_hours: 0,
      storage_gb_hours: 0,
      egress_gb: 11,
    });
    // The series drawn: only metrics that cost something, in the contract's order.
    expect(costedMetrics(figures)).toEqual(['node_hours', 'egress_gb']);
  });

  it('splits one metric’s daily quantity into its prepaid and billable parts', () => {
    expect(quantityByDay(byDay, days, 'node_hours')).toEqual([
      { day: '2026-03-01', quantity: 72, billable: 24, prepaid: 48, cost: 150 },
      { day: '2026-03-02', quantity: 0, billable: 0, prepaid: 0, cost: 0 },
      // 0.1 + 0.2 is 0.30000000000000004 in floating point: back to three decimals.
      { day: '2026-03-03', quantity: 0.3, billable: 0.1, prepaid: 0.2, cost: 1 },
    ]);
    expect(quantityByDay(byDay, days, 'storage_gb_hours').every((d) => d.quantity === 0)).toBe(
      true,
    );
  });

  it('adds each cluster’s metrics, most expensive first, and names a deleted one by number', () => {
    const clusters = costByCluster([
      row({ clusterId: 1, clusterName: 'alpha', metric: 'node_hours', cost: 100 }),
      row({ clusterId: 1, clusterName: 'alpha', metric: 'egress_gb', cost: 20 }),
      row({ clusterId: 2, clusterName: 'beta', metric: 'node_hours', cost: 300 }),
      row({ clusterId: 3, clusterName: null, metric: 'storage_gb_hours', cost: 120 }),
    ]);
    expect(clusters.map((cluster) => [cluster.name, cluster.total])).toEqual([
      ['beta', 300],
      // A tie goes by name, whatever the case.
      ['alpha', 120],
      ['Cluster #3', 120],
    ]);
    expect(clusters[1]!.byMetric.egress_gb).toBe(20);
    expect(clusterLabel(null, null)).toBe('Other usage');
  });

  it('totals each metric in the contract’s order, leaving out metrics without rows', () => {
    expect(totalsByMetric(byDay.slice(0, 4))).toEqual([
      { metric: 'node_hours', quantity: 72.3, billable: 24.1, cost: 151 },
      { metric: 'egress_gb', quantity: 1.234, billable: 1.234, cost: 11 },
    ]);
  });

  it('calls rows of nothing no usage', () => {
    expect(hasUsage([])).toBe(false);
    expect(hasUsage([row({ metric: 'node_hours' })])).toBe(false);
    expect(hasUsage([row({ metric: 'node_hours', quantity: 0.001 })])).toBe(true);
  });

  it('writes quantities with up to three decimals', () => {
    expect(formatQuantity(1234.5)).toBe('1,234.5');
    expect(formatQuantity(0.0004)).toBe('0');
    expect(formatQuantity(2.1234)).toBe('2.123');
  });
});
