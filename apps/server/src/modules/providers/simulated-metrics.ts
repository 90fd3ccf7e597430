import { createHash } from 'node:crypto';
import type { DriverMetrics, DriverMetricsRequest } from './provider-driver.ts';

const MINUTE_MS = 60_000;
const MINUTES_A_DAY = 1_440;
const KIB = 1_024;

/** A 32-bit seed, the same for the same node of the same cluster. */
function seedOf(clusterId: number, node: string): number {
  return createHash('sha256').update(`metrics:${clusterId}:${node}`).digest().readUInt32BE(0);
}

/**
 * A number in [0, 1) from a seed and a minute: a few integer mixes (splitmix32-like), cheap
 * enough for 7 days of 50 nodes on each call, where a SHA-256 per point would not be.
 */
function noise(seed: number, minute: number): number {
  let x = (seed ^ Math.imul(minute, 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/** A node's own shape of load: its level, daily swing and peak, drawn once from its seed. */
function profileOf(seed: number) {
  const draw = (salt: number) => noise(seed, -1 - salt);
  return {
    cpuBase: 0.18 + draw(1) * 0.25,
    cpuSwing: 0.08 + draw(2) * 0.17,
    memoryBase: 0.38 + draw(3) * 0.22,
    memorySwing: 0.04 + draw(4) * 0.08,
    // The busiest minute of the day, UTC: between 11:00 and 17:00, the European working day.
    peakMinute: 660 + Math.floor(draw(5) * 360),
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The simulated providers' node metrics, generated, never measured nor stored: for each minute
 * a daily curve (peaking in the working day, lower at weekends) plus noise, both drawn from
 * (cluster, node, minute), so the same minute answers the same wherever it is asked. CPU stays
 * between 2% and 97% of what is allocatable, memory between 10% and 95%, whole KiB.
 */
export function simulatedMetrics(request: DriverMetricsRequest): DriverMetrics {
  const firstMinute = Math.floor(request.from.getTime() / MINUTE_MS);
  const stepMinutes = Math.max(1, Math.round(request.stepSeconds / 60));
  return {
    available: true,
    nodes: request.nodes.map((node) => {
      const seed = seedOf(request.clusterId, node.name);
      const profile = profileOf(seed);
      const bornMinute = Math.floor(node.createdAt.getTime() / MINUTE_MS);
      const memoryKib = node.memoryAllocatableBytes / KIB;
      const cpuMillis: (number | null)[] = new Array(request.points);
      const memoryBytes: (number | null)[] = new Array(request.points);
      for (let index = 0; index < request.points; index += 1) {
        const minute = firstMinute + index * stepMinutes;
        if (minute < bornMinute) {
          cpuMillis[index] = null;
          memoryBytes[index] = null;
          continue;
        }
        // The epoch began on a Thursday: day 2 and 3 of each week are Saturday and Sunday.
        const weekday = Math.floor(minute / MINUTES_A_DAY) % 7;
        const weekend = weekday === 2 || weekday === 3 ? 0.6 : 1;
        const daily =
          Math.cos(
            (2 * Math.PI * ((minute % MINUTES_A_DAY) - profile.peakMinute)) / MINUTES_A_DAY,
          ) * weekend;
        const jitter = noise(seed, minute) - 0.5;
        const cpuShare = clamp(
          profile.cpuBase + profile.cpuSwing * daily + jitter * 0.12,
          0.02,
          0.97,
        );
        const memoryShare = clamp(
          profile.memoryBase + profile.memorySwing * daily + jitter * 0.03,
          0.1,
          0.95,
        );
        cpuMillis[index] = Math.round(cpuShare * node.cpuAllocatableMillis);
        memoryBytes[index] = Math.round(memoryShare * memoryKib) * KIB;
      }
      return { name: node.name, cpuMillis, memoryBytes };
    }),
  };
}
