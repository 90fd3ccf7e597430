import type { ClusterAddon, ClusterAddons } from '@alpenkube/contract';
import { useMoney } from '@/components/pricing/use-money';
import { dayOf } from '../addon-rules';

/** What installing the add-on on the cluster costs now, or why it cannot be ordered. */
export function InstallQuote({ quote, entry }: { quote: ClusterAddons; entry: ClusterAddon }) {
  const { money } = useMoney();
  if (entry.refusal) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      >
        {entry.refusal}
      </p>
    );
  }
  const cycle = quote.billingCycle === 'yearly' ? 'year' : 'month';
  return (
    <div
      className="space-y-2 rounded-lg border bg-muted/40 p-3 text-sm"
      data-testid="install-quote"
    >
      <p className="flex items-baseline justify-between gap-4">
        <span>To pay now</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="install-price">
          {money(entry.installPrice)}
        </span>
      </p>
      <p className="text-muted-foreground">
        {entry.name} costs {money(entry.periodPrice)} a {cycle} on {quote.clusterName}
        {entry.unit === 'node' ? ' at its current node count' : ''}. You pay for the{' '}
        {quote.hoursLeft} hours left of its {quote.periodHours}-hour period
        {quote.periodEnd ? ` (to ${dayOf(quote.periodEnd)})` : ''}; its renewal then includes the
        add-on.
      </p>
      {quote.providerNote ? (
        <p className="text-muted-foreground" data-testid="addon-provider-note">
          {quote.providerNote}
        </p>
      ) : null}
    </div>
  );
}
