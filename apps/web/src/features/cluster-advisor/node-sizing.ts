import type { NodeSize, Tier } from '@alpenkube/contract';

/**
 * How many nodes of which size a tier needs for a workload. Pure arithmetic over the catalog's
 * node sizes, so the smart suggestions and their tests read the same figures.
 */

/** A quarter more than asked: system pods, rolling updates and the next month's growth. */
export const HEADROOM = 1.25;

export interface Capacity {
  vcpu: number;
  memoryGib: number;
}

/** What the nodes must add up to: the workload plus headroom, in whole vCPU and GiB. */
export function withHeadroom(need: Capacity): Capacity {
  return {
    vcpu: Math.ceil(need.vcpu * HEADROOM),
    memoryGib: Math.ceil(need.memoryGib * HEADROOM),
  };
}

/**
 * What set the node count: the CPU, the memory, the tier's minimum, the availability rule, or
 * the tier's maximum (a workload larger than the tier).
 */
export type CountReason = 'vcpu' | 'memory' | 'tierMinimum' | 'availability' | 'tierMaximum';

export interface NodePlan {
  size: NodeSize;
  count: number;
  countReason: CountReason;
}

export function capacityOf(plan: Pick<NodePlan, 'size' | 'count'>): Capacity {
  return { vcpu: plan.size.vcpu * plan.count, memoryGib: plan.size.memoryGb * plan.count };
}

/** The sizes a workload may use: GPU sizes when it needs GPUs, the others when it does not. */
export function usableSizes(tier: Tier, gpu: boolean): NodeSize[] {
  return tier.nodeSizes.filter((size) => (size.gpu !== null) === gpu);
}

function planFor(size: NodeSize, tier: Tier, required: Capacity, minNodes: number): NodePlan {
  const counts: [CountReason, number][] = [
    ['vcpu', Math.ceil(required.vcpu / size.vcpu)],
    ['memory', Math.ceil(required.memoryGib / size.memoryGb)],
    ['availability', minNodes],
    ['tierMinimum', tier.minNodes],
  ];
  const [countReason, count] = counts.reduce((most, entry) => (entry[1] > most[1] ? entry : most));
  return { size, count: Math.max(1, count), countReason };
}

const monthly = (plan: NodePlan) => plan.size.priceMonthly * plan.count;

/**
 * The cheapest way the tier holds `required` on one pool of one size, with at least `minNodes`
 * nodes; of two that cost the same, the one with fewer nodes. Undefined when no size fits within
 * the tier's node limit.
 */
export function cheapestFit(
  tier: Tier,
  required: Capacity,
  { gpu, minNodes }: { gpu: boolean; minNodes: number },
): NodePlan | undefined {
  const fits = usableSizes(tier, gpu)
    .map((size) => planFor(size, tier, required, minNodes))
    .filter((plan) => plan.count <= tier.maxNodes);
  return fits.reduce<NodePlan | undefined>((best, plan) => {
    if (!best) return plan;
    const difference = monthly(plan) - monthly(best);
    return difference < 0 || (difference === 0 && plan.count < best.count) ? plan : best;
  }, undefined);
}

/** The most the tier holds: its largest usable size at its node limit (undefined: none usable). */
export function largestPlan(tier: Tier, gpu: boolean): NodePlan | undefined {
  const largest = usableSizes(tier, gpu).reduce<NodeSize | undefined>(
    (best, size) =>
      !best || size.vcpu > best.vcpu || (size.vcpu === best.vcpu && size.memoryGb > best.memoryGb)
        ? size
        : best,
    undefined,
  );
  return largest ? { size: largest, count: tier.maxNodes, countReason: 'tierMaximum' } : undefined;
}
