import type { BillingPlans } from '@alpenkube/contract/billing';
import { responseTime } from '@/lib/catalog/response-time';

const severities = [
  ['urgent', 'Urgent'],
  ['high', 'High'],
  ['normal', 'Normal'],
  ['low', 'Low'],
] as const;

/** A support plan's first-response targets, by the severity of the ticket. */
export function ResponseTargets({ plan }: { plan: BillingPlans['plans'][number] }) {
  return (
    <dl
      className="grid grid-cols-2 gap-2 sm:grid-cols-4"
      aria-label={`${plan.name}: first response`}
    >
      {severities.map(([key, label]) => (
        <div key={key} className="rounded-lg border bg-muted/40 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-sm font-medium">{responseTime(plan.responseMinutes[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
