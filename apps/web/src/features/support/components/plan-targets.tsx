import { Link } from 'react-router';
import { ticketSeverities, type BillingPlans } from '@alpenkube/contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatMinutes, severityLabels } from '../ticket-labels';

/** The organization's support plan and its first-answer targets by severity. */
export function PlanTargets({ plans }: { plans: BillingPlans | undefined }) {
  const plan = plans?.plans.find((p) => p.current);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Your support plan: {plan?.name ?? '…'}</CardTitle>
        <CardDescription>{plan?.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label="Response targets">
          {[...ticketSeverities].reverse().map((severity) => (
            <div key={severity} className="contents">
              <dt className="text-muted-foreground">{severityLabels[severity]}</dt>
              <dd className="font-medium">
                {plan
                  ? severity === 'high' && plan.responseMinutes.high === null
                    ? formatMinutes(plan.responseMinutes.normal)
                    : formatMinutes(plan.responseMinutes[severity])
                  : '…'}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">
          First answer within these times; the clock stops while we wait for you.{' '}
          <Link to={paths.billing} className="text-primary underline-offset-4 hover:underline">
            Change plan
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
