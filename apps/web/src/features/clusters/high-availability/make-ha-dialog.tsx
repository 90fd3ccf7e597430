import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import type { Cluster, ClusterHaQuote } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Spinner } from '@/components/ui/spinner';
import { PromoCodeField, promoCodeBody, promoCodeIssue } from '@/components/promo/promo-code-field';
import { useMoney } from '@/components/pricing/use-money';
import { paths } from '@/config/paths';
import { formatClusterDate } from '../cluster-status';
import { useHaQuote, useOrderHa } from './queries';

/** The server's price of the difference for the rest of the period, or why it cannot be had. */
function HaQuote({ quote }: { quote: ClusterHaQuote }) {
  const { money } = useMoney();
  if (quote.refusal) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      >
        {quote.refusal}
      </p>
    );
  }
  const cycle = quote.billingCycle === 'yearly' ? 'year' : 'month';
  return (
    <div className="space-y-2 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="ha-quote">
      <p className="flex items-baseline justify-between gap-4">
        <span>To pay now</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="ha-price">
          {money(quote.orderPrice)}
        </span>
      </p>
      <p className="text-muted-foreground">
        A highly available control plane costs {money(quote.periodPrice)} a {cycle} on{' '}
        {quote.clusterName}. You pay for the {quote.hoursLeft} hours left of its {quote.periodHours}
        -hour period
        {quote.periodEnd ? ` (to ${formatClusterDate(quote.periodEnd, 'date')})` : ''}; its renewal
        then includes it.
      </p>
    </div>
  );
}

function MakeHaForm({ cluster }: { cluster: Cluster }) {
  const navigate = useNavigate();
  const [promoCode, setPromoCode] = useState('');
  const quote = useHaQuote(cluster.id, true);
  const order = useOrderHa(cluster.id, (placed) => void navigate(paths.checkout(placed.id)));

  function submit(event: FormEvent) {
    event.preventDefault();
    order.mutate(promoCodeBody(promoCode));
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {quote.error ? (
        <p role="alert" className="text-sm text-destructive">
          {quote.error.message}
        </p>
      ) : quote.data ? (
        <HaQuote quote={quote.data} />
      ) : (
        <Spinner label="Pricing high availability…" className="py-4" />
      )}
      <PromoCodeField id="ha-promo" value={promoCode} onChange={setPromoCode} error={order.error} />
      {order.error && !promoCodeIssue(order.error) ? (
        <p role="alert" className="text-sm text-destructive">
          {order.error.message}
        </p>
      ) : null}
      <DialogFormFooter
        submitLabel="Continue to payment"
        pendingText="Placing the order…"
        pending={order.isPending}
        disabled={!quote.data || Boolean(quote.data.refusal)}
      />
    </form>
  );
}

/**
 * Making a single-zone control plane highly available: an order for the difference, priced by
 * the server for the rest of the cluster's period, paid on the checkout page like any order.
 * One way: no provider takes the replicas back.
 */
export function MakeHaDialog({ cluster }: { cluster: Cluster }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <ShieldCheck aria-hidden="true" />
          Make highly available
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Make {cluster.name} highly available</DialogTitle>
          <DialogDescription>
            Two more control-plane replicas start in two more zones, and etcd grows to three
            members. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {open ? <MakeHaForm cluster={cluster} /> : null}
      </DialogContent>
    </Dialog>
  );
}
