import type { Catalog } from '@alpenkube/contract/catalog';
import type { Tier } from '@alpenkube/contract';
import { findTierForType, type TierPageType } from '@/lib/catalog/cluster-type-catalog';
import { sizeText } from './words';
import { environmentChoices, type WorkloadAnswers } from './workload';

/**
 * Which tiers suit a workload, best first, and why the first one does. The suggestion takes the
 * first of them whose nodes hold the workload: a tier too small hands over to the next, larger
 * one, and the reasons say so.
 */
export interface TierRule {
  /** Best first; only tiers the catalog has. */
  tiers: Tier[];
  /** Why the rule's first choice suits the answers, naming it. */
  why: (tier: Tier) => string;
  /** Answers the rule had to set aside, each said in a sentence. */
  notes: string[];
}

const hasGpu = (tier: Tier) => tier.nodeSizes.some((size) => size.gpu !== null);

/** Tiers in the catalog for page types (slug first, then the name's keyword), each once. */
function tiersOf(catalog: Catalog, types: readonly TierPageType[]): Tier[] {
  const found = types
    .map((type) => findTierForType(catalog.tiers, type))
    .filter((tier): tier is Tier => tier !== undefined);
  return [...new Set(found)];
}

const gpuModels = (tier: Tier) =>
  [...new Set(tier.nodeSizes.flatMap((size) => (size.gpu ? [size.gpu.model] : [])))].join(', ');

/** "A development cluster", "An experiment cluster". */
function clusterOf(answers: WorkloadAnswers): string {
  const environment = environmentChoices[answers.environment].label.toLowerCase();
  return `${/^[aeiou]/.test(environment) ? 'An' : 'A'} ${environment} cluster`;
}

interface Choice {
  types: TierPageType[];
  why: (tier: Tier) => string;
}

/** The rule for a workload without GPUs: environment and availability, then analytics. */
function cpuChoice(answers: WorkloadAnswers): Choice {
  const environment = environmentChoices[answers.environment].label.toLowerCase();
  const serious = answers.environment === 'production' || answers.environment === 'staging';
  if (answers.analytics && serious) {
    return {
      types: ['data', 'red', 'blue'],
      why: (tier) =>
        `A data and analytics workload in ${environment} gets ${tier.name}, the tier with 32 and 64 GB nodes for it (${tier.sla}).`,
    };
  }
  if (answers.availability === 'critical') {
    return answers.environment === 'production'
      ? {
          types: ['red', 'blue'],
          why: (tier) =>
            `24x7 critical production needs ${tier.name}: ${tier.sla}, with the strongest support.`,
        }
      : {
          types: ['blue', 'red'],
          why: (tier) =>
            `A critical ${environment} cluster gets ${tier.name}, with ${tier.sla} and a highly available control plane.`,
        };
  }
  if (answers.environment === 'production') {
    return answers.availability === 'business_hours'
      ? {
          types: ['blue', 'red'],
          why: (tier) => `Production during business hours: ${tier.name}, with a ${tier.sla}.`,
        }
      : {
          types: ['green', 'blue', 'red'],
          why: (tier) =>
            `Production that tolerates a pause: ${tier.name} has the lowest node prices with an availability target (${tier.sla}).`,
        };
  }
  if (answers.environment === 'experiment' && answers.availability === 'best_effort') {
    return {
      types: ['sandbox', 'orange', 'green', 'blue', 'red'],
      why: (tier) => `An experiment needs no SLA: ${tier.name} is the cheapest way to run one.`,
    };
  }
  return {
    types: ['orange', 'green', 'blue', 'red'],
    why: (tier) =>
      `A ${environment} cluster gets ${tier.name}: made for development, CI and staging, it can sleep on a schedule outside working hours and expire on its own.`,
  };
}

export function tierRule(answers: WorkloadAnswers, catalog: Catalog): TierRule {
  const notes: string[] = [];
  if (answers.gpu) {
    const gpuTiers = catalog.tiers.filter(hasGpu);
    if (gpuTiers.length) {
      return {
        tiers: gpuTiers,
        why: (tier) =>
          `You need GPUs: ${gpuTiers.length === 1 ? 'only ' : ''}${tier.name} has GPU nodes (${gpuModels(tier)}).`,
        notes,
      };
    }
    notes.push('No tier of the catalog has GPU nodes, so this suggestion has none.');
  }
  const choice = cpuChoice(answers);
  const dataTier = findTierForType(catalog.tiers, 'data');
  const smallest = dataTier?.nodeSizes[0];
  if (answers.analytics && dataTier && smallest && !choice.types.includes('data')) {
    notes.push(
      `${dataTier.name} starts at ${dataTier.minNodes} nodes of ${sizeText(smallest)}, more than ${clusterOf(answers).toLowerCase()} needs: the analytics run on a cheaper tier.`,
    );
  }
  const tiers = tiersOf(catalog, choice.types);
  if (tiers.length) return { tiers, why: choice.why, notes };
  // A catalog without any of the tiers the rule names: every tier, in the catalog's order.
  return {
    tiers: catalog.tiers,
    why: (tier) => `${tier.name} is the first tier of the catalog that holds the workload.`,
    notes,
  };
}
