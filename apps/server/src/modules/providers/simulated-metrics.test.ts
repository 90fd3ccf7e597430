import { describe, expect, it } from 'vitest';
import { simulatedMetrics } from './simulated-metrics.ts';

const node = (name: string, createdAt = new Date('2026-01-01T00:00:00Z')) => ({
  name,
  createdAt,
  cpuAllocatableMillis: 3900,
  memoryAllocatableBytes: 7549747 * 1024,
});
const week = { from: new Date('2026-11-20T00:00:00Z'), stepSeconds: 1800, points: 336 };

describe('simulated node metrics', () => {
  it('answers the same for the same cluster, node and minute, whatever the range', () => {
    const long = simulatedMetrics({ clusterId: 4, nodes: [node('a'), node('b')], ...week });
    expect(simulatedMetrics({ clusterId: 4, nodes: [node('a'), node('b')], ...week })).toEqual(
      long,
    );
    // The minute of point 10 of the week, asked alone (as kubectl top asks).
    const alone = simulatedMetrics({
      clusterId: 4,
      nodes: [node('b')],
      from: new Date(week.from.getTime() + 10 * 1800_000),
      stepSeconds: 60,
      points: 1,
    });
    if (!long.available || !alone.available) throw new Error('unavailable');
    expect(alone.nodes[0]!.cpuMillis[0]).toBe(long.nodes[1]!.cpuMillis[10]);
    expect(alone.nodes[0]!.memoryBytes[0]).toBe(long.nodes[1]!.memoryBytes[10]);
    expect(long.nodes[0]!.cpuMillis).not.toEqual(long.nodes[1]!.cpuMillis);
    const other = simulatedMetrics({ clusterId: 5, nodes: [node('a')], ...week });
    if (!other.available) throw new Error('unavailable');
    expect(other.nodes[0]!.cpuMillis).not.toEqual(long.nodes[0]!.cpuMillis);
  });

  it('stays within what is allocatable, follows the day, and has nothing before the node', () => {
    const created = new Date('2026-11-23T12:10:00Z');
    const answer = simulatedMetrics({
      clusterId: 9,
      nodes: [node('a'), node('late', created)],
      ...week,
    });
    if (!answer.available) throw new Error('unavailable');
    const [steady, late] = answer.nodes;
    for (const cpu of steady!.cpuMillis) {
      expect(cpu).toBeGreaterThanOrEqual(Math.round(0.02 * 3900));
      expect(cpu).toBeLessThanOrEqual(Math.round(0.97 * 3900));
    }
    for (const memory of steady!.memoryBytes) {
      expect(memory! % 1024).toBe(0);
      expect(memory).toBeLessThanOrEqual(7549747 * 1024);
    }
    // Nights (00:00–04:00 UTC) are quieter than afternoons (13:00–17:00) on a weekday.
    const mean = (hours: number[]) => {
      const values = steady!.cpuMillis.filter((_, index) =>
        hours.includes(new Date(week.from.getTime() + index * 1800_000).getUTCHours()),
      );
      return values.reduce<number>((sum, value) => sum + (value ?? 0), 0) / values.length;
    };
    expect(mean([13, 14, 15, 16])).toBeGreaterThan(mean([0, 1, 2, 3]));
    const firstSample = late!.cpuMillis.findIndex((value) => value !== null);
    expect(new Date(week.from.getTime() + firstSample * 1800_000).toISOString()).toBe(
      '2026-11-23T12:30:00.000Z',
    );
    expect(late!.memoryBytes.slice(0, firstSample).every((value) => value === null)).toBe(true);
  });
});
