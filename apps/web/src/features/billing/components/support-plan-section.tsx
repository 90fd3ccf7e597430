import { useQuery } from '@tanstack/react-query';
import type { BillingPlans } from '@alpenkube/contract/billing';
import { Badge } from '@/components/ui/badge';
import { useMoney } from '@/components/pricing/use-money';
import { useCan } from '@/lib/session/use-can';
import { formatDate } from '../billing-format';
import { billingQueries } from '../queries';
import { BillingSection } from './billing-section';
import { ChangePlanDialog } from './change-plan-dialog';
import { QueryGate } from './query-gate';
import { ResponseTargets } from './response-targets';

function CurrentPlan({ plans }: { plans: BillingPlans }) {
  const { money } = useMoney();
  const plan = plans.plans.find((candidate) => candidate.slug === plans.current);
  if (!plan) return <p className="text-sm text-muted-foreground">No support plan.</p>;
  const yearly = plans.billingCycle === 'yearly';
  const price = yearly ? plan.priceYearly : plan.priceMonthly;
  return (
    <div className="space-y-4" data-testid="current-plan">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-lg font-semibold">{plan.name}</p>
        <Badge variant="secondary">Current</Badge>
        <p className="text-sm text-muted-foreground tabular-nums">
          {price === 0 ? 'Included' : `${money(price)} a ${yearly ? 'year' : 'month'}`}
          {plans.renewsAt ? `, renews on ${formatDate(plans.renewsAt)}` : null}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{plan.description}</p>
      <div className="space-y-2">
        <p className="text-sm font-medium">First response, by severity</p>
        <ResponseTargets plan={plan} />
      </div>
    </div>
  );
}

/** The organization's support plan, its response targets, and a change of plan to pay. */
export function SupportPlanSection() {
  const plans = useQuery(billingQueries.plans());
  const canOrder = useCan('orderer', 'billing:write');
  return (
    <BillingSection
      id="support-plan"
      title="Support plan"
      description="How fast our engineers answer, by the severity of your ticket."
      actions={canOrder && plans.data ? <ChangePlanDialog plans={plans.data} /> : null}
    >
      <QueryGate query={plans} what="the support plans">
        {(data) => <CurrentPlan plans={data} />}
      </QueryGate>
    </BillingSection>
  );
}
