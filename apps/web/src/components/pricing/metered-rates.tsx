import {
  EGRESS_GB_CENTS,
  HOURS_PER_MONTH,
  STORAGE_GB_MONTH_CENTS,
} from '@alpenkube/contract/pricing';
import { cn } from '@/lib/cn';
import { useMoney } from './use-money';

/**
 * Every rate the meter bills by, as the price engine sets them: the /pricing page and the
 * estimator show the same list, so no charge on an invoice has a rate nobody was shown.
 */
export function MeteredRates({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { money } = useMoney();
  const rates = [
    {
      name: 'Storage',
      rate: `${money(STORAGE_GB_MONTH_CENTS)} per GB-month`,
      what: `Persistent volumes you create on a cluster, billed by the hour they exist (GB × hours ÷ ${HOURS_PER_MONTH}). Node disks are included in the node price.`,
    },
    {
      name: 'Egress',
      // Per 100 GB: a cent per GB shown in euros or pounds would round down to nothing.
      rate: `${money(EGRESS_GB_CENTS * 100)} per 100 GB`,
      what: 'Traffic sent out through your load balancers. Traffic between nodes of a cluster is free; on simulated providers the traffic is generated and labelled simulated.',
    },
    {
      name: 'Hours beyond the prepaid plan',
      rate: `monthly price ÷ ${HOURS_PER_MONTH} per hour`,
      what: 'Nodes added above the configuration you paid for, add-ons installed since, and a control plane without a live subscription, to the second.',
    },
  ];
  return (
    <dl className={cn('space-y-3 text-sm', className)} aria-label="Metered rates">
      {rates.map((entry) => (
        <div key={entry.name}>
          <dt className="flex flex-wrap justify-between gap-x-3 font-medium">
            <span>{entry.name}</span>
            <span className="tabular-nums">{entry.rate}</span>
          </dt>
          {compact ? null : <dd className="text-muted-foreground">{entry.what}</dd>}
        </div>
      ))}
    </dl>
  );
}
