import type { Catalog, Provider, Region, SupportPlan } from '@alpenkube/contract/catalog';
import type { NodeSize, Tier } from '@alpenkube/contract';
import type { BillingCycle, ClusterConfig } from '@alpenkube/contract/pricing';
import { chooseLocation } from './location-rules';
import {
  capacityOf,
  cheapestFit,
  HEADROOM,
  largestPlan,
  usableSizes,
  withHeadroom,
  type Capacity,
  type NodePlan,
} from './node-sizing';
import { controlPlaneRule, CRITICAL_MIN_NODES, supportRule } from './service-rules';
import { tierRule } from './tier-rules';
import { gibText, vcpuText } from './words';
import type { WorkloadAnswers } from './workload';

/**
 * The smart suggestion: a workload's answers and the catalog give one cluster configuration and
 * the reasons for each of its choices, one plain sentence per rule that fired. Pure, so every
 * combination of answers is tested against the contract's schema without a page.
 */
export interface ClusterSuggestion {
  tier: Tier;
  provider: Provider;
  region: Region;
  nodeSize: NodeSize;
  nodeCount: number;
  haControlPlane: boolean;
  supportPlan: SupportPlan;
  /** The workload plus headroom, and what the suggested nodes add up to. */
  required: Capacity;
  capacity: Capacity;
  /** False when even the largest suitable tier holds less than the workload asks. */
  fits: boolean;
  reasons: string[];
  /** What the wizard opens with, and what the price engine prices. */
  config: ClusterConfig;
}

const capacityText = ({ vcpu, memoryGib }: Capacity) =>
  `${vcpuText(vcpu)} and ${gibText(memoryGib)}`;

function gpuText(plan: NodePlan) {
  const gpu = plan.size.gpu;
  return gpu ? `, ${plan.count * gpu.count} × ${gpu.model}` : '';
}

function holdsMore(plan: NodePlan, than: NodePlan) {
  const a = capacityOf(plan);
  const b = capacityOf(than);
  return a.vcpu > b.vcpu || (a.vcpu === b.vcpu && a.memoryGib > b.memoryGib);
}

/** Why the node count is what it is: the headroom, the size chosen, and a tier's minimum. */
function sizingReason(answers: WorkloadAnswers, required: Capacity, tier: Tier, plan: NodePlan) {
  const asked = capacityText({ vcpu: answers.vcpu, memoryGib: answers.memoryGib });
  const headroom = Math.round((HEADROOM - 1) * 100);
  const nodes = `${plan.count} × ${plan.size.name} (${capacityText(capacityOf(plan))}${gpuText(plan)})`;
  const minimum =
    plan.countReason === 'tierMinimum' ? ` ${tier.name} starts at ${tier.minNodes} nodes.` : '';
  return `${asked} plus ${headroom}% headroom is ${capacityText(required)}: ${nodes} is the cheapest way ${tier.name} holds it.${minimum}`;
}

/** The tier that holds the workload, the nodes, and the sentences that explain the choice. */
function chooseTierAndNodes(answers: WorkloadAnswers, catalog: Catalog, required: Capacity) {
  const rule = tierRule(answers, catalog);
  const gpu = answers.gpu && catalog.tiers.some((tier) => usableSizes(tier, true).length > 0);
  const minNodes = answers.availability === 'critical' ? CRITICAL_MIN_NODES : 1;
  const usable = rule.tiers.filter((tier) => usableSizes(tier, gpu).length > 0);
  const first = usable[0];
  if (!first) return undefined;

  const reasons = [rule.why(first), ...rule.notes];
  const tooSmall = new Map<Tier, string>();
  for (const tier of usable) {
    const plan = cheapestFit(tier, required, { gpu, minNodes });
    if (plan) {
      reasons.push(...tooSmall.values(), sizingReason(answers, required, tier, plan));
      return { tier, plan, fits: true, reasons };
    }
    const most = largestPlan(tier, gpu)!;
    tooSmall.set(
      tier,
      `${tier.name} holds at most ${most.count} × ${most.size.name} (${capacityText(capacityOf(most))}), less than the ${capacityText(required)} needed with headroom.`,
    );
  }

  // Nothing holds it: the tier that holds the most, at its most, and what to do instead.
  const [tier, plan] = usable
    .map((candidate) => [candidate, largestPlan(candidate, gpu)!] as const)
    .reduce((best, entry) => (holdsMore(entry[1], best[1]) ? entry : best));
  tooSmall.delete(tier);
  reasons.push(
    ...tooSmall.values(),
    `Even at its largest, ${tier.name} holds ${plan.count} × ${plan.size.name} (${capacityText(capacityOf(plan))}), less than the ${capacityText(required)} needed with headroom: split the workload over several clusters, or ask for a dedicated one.`,
  );
  return { tier, plan, fits: false, reasons };
}

export function suggestCluster(
  answers: WorkloadAnswers,
  catalog: Catalog,
  billingCycle: BillingCycle = 'monthly',
): ClusterSuggestion | undefined {
  const required = withHeadroom({ vcpu: answers.vcpu, memoryGib: answers.memoryGib });
  const chosen = chooseTierAndNodes(answers, catalog, required);
  const location = chooseLocation(answers, catalog);
  const support = supportRule(answers, catalog);
  const version =
    catalog.kubernetesVersions.find((candidate) => candidate.isDefault) ??
    catalog.kubernetesVersions[0];
  if (!chosen || !location || !support || !version) return undefined;

  const { tier, plan, fits } = chosen;
  const controlPlane = controlPlaneRule(tier, answers);
  const reasons = [...chosen.reasons];
  if (answers.availability === 'critical' && tier.maxNodes >= CRITICAL_MIN_NODES) {
    reasons.push(
      `A critical cluster runs on at least ${CRITICAL_MIN_NODES} nodes, so it keeps serving while one of them fails.`,
    );
  }
  if (controlPlane.reason) reasons.push(controlPlane.reason);
  reasons.push(...location.reasons, support.reason);

  return {
    tier,
    provider: location.provider,
    region: location.region,
    nodeSize: plan.size,
    nodeCount: plan.count,
    haControlPlane: controlPlane.haControlPlane,
    supportPlan: support.plan,
    required,
    capacity: capacityOf(plan),
    fits,
    reasons,
    config: {
      tier: tier.slug,
      provider: location.provider.slug,
      region: location.region.code,
      kubernetesVersion: version.minor,
      nodePools: [{ name: 'workers', size: plan.size.name, count: plan.count }],
      haControlPlane: controlPlane.haControlPlane,
      addons: [],
      supportPlan: support.plan.slug,
      billingCycle,
    },
  };
}
