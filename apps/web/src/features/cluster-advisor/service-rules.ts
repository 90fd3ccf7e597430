import type { Catalog, SupportPlan } from '@alpenkube/contract/catalog';
import type { Tier } from '@alpenkube/contract';
import { haOffer } from '@/lib/catalog/cluster-config-rules';
import { responseTime } from '@/lib/catalog/response-time';
import type { WorkloadAnswers } from './workload';

/** The control plane and the support plan a suggestion comes with, each with its reason. */

export const CRITICAL_MIN_NODES = 3;

export function controlPlaneRule(
  tier: Tier,
  answers: WorkloadAnswers,
): { haControlPlane: boolean; reason?: string } {
  const critical = answers.availability === 'critical';
  switch (haOffer(tier)) {
    case 'included':
      return {
        haControlPlane: true,
        reason: `${tier.name} includes the highly available control plane over three zones.`,
      };
    case 'extra':
      if (critical) {
        return {
          haControlPlane: true,
          reason:
            "A critical cluster's API must survive the loss of a zone: the highly available control plane over three zones is added, at its price.",
        };
      }
      return {
        haControlPlane: false,
        reason:
          answers.environment === 'production'
            ? 'Without a 24x7 need, a single-zone control plane is enough; the wizard can add the highly available one.'
            : undefined,
      };
    case 'none':
      return {
        haControlPlane: false,
        reason: critical ? `${tier.name} has no highly available control plane.` : undefined,
      };
  }
}

const byPrice = (plans: readonly SupportPlan[]) =>
  [...plans].sort((a, b) => a.priceMonthly - b.priceMonthly);

/**
 * A critical cluster gets the cheapest plan that answers critical incidents; any other the
 * cheapest plan. Undefined only for a catalog without plans.
 */
export function supportRule(
  answers: WorkloadAnswers,
  catalog: Catalog,
): { plan: SupportPlan; reason: string } | undefined {
  const plans = byPrice(catalog.supportPlans);
  if (answers.availability === 'critical') {
    const covering = plans.find((plan) => plan.responseMinutes.urgent !== null);
    if (covering) {
      return {
        plan: covering,
        reason: `24x7 critical: the ${covering.name} support plan answers urgent incidents within ${responseTime(covering.responseMinutes.urgent)}.`,
      };
    }
  }
  const plan = plans[0];
  if (!plan) return undefined;
  const free = plan.priceMonthly === 0 ? ', at no extra cost,' : '';
  return {
    plan,
    reason:
      answers.availability === 'critical'
        ? `No support plan covers urgent incidents: ${plan.name} answers normal requests within ${responseTime(plan.responseMinutes.normal)}.`
        : `Without a 24x7 need, ${plan.name} support${free} is enough: it answers normal requests within ${responseTime(plan.responseMinutes.normal)}.`,
  };
}
