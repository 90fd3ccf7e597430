import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Addon, ClusterSummary } from '@alpenkube/contract';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { PromoCodeField, promoCodeBody, promoCodeIssue } from '@/components/promo/promo-code-field';
import { paths } from '@/config/paths';
import { useClusterAddons, useOrderAddon } from '../queries';
import { InstallQuote } from './install-quote';

type Choice = { addons: Addon[]; clusters: ClusterSummary[] };

/** The dialog's body: pick what is not fixed, see the prorated price, continue to payment. */
function InstallForm({ addons, clusters }: Choice) {
  const navigate = useNavigate();
  const [slug, setSlug] = useState(addons[0]!.slug);
  const [clusterId, setClusterId] = useState(clusters[0]!.id);
  const [promoCode, setPromoCode] = useState('');
  const quote = useClusterAddons(clusterId);
  const entry = quote.data?.addons.find((candidate) => candidate.slug === slug);
  const order = useOrderAddon((placed) => void navigate(paths.checkout(placed.id)));

  function submit(event: FormEvent) {
    event.preventDefault();
    order.mutate({ clusterId, addon: slug, ...promoCodeBody(promoCode) });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {addons.length > 1 ? (
        <div className="space-y-1.5">
          <Label htmlFor="install-addon">Add-on</Label>
          <NativeSelect id="install-addon" value={slug} onChange={(e) => setSlug(e.target.value)}>
            {addons.map((addon) => (
              <option key={addon.slug} value={addon.slug}>
                {addon.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {clusters.length > 1 ? (
        <div className="space-y-1.5">
          <Label htmlFor="install-cluster">Cluster</Label>
          <NativeSelect
            id="install-cluster"
            value={clusterId}
            onChange={(e) => setClusterId(Number(e.target.value))}
          >
            {clusters.map((cluster) => (
              <option key={cluster.id} value={cluster.id}>
                {cluster.name} ({cluster.tier.name})
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {quote.error ? (
        <p role="alert" className="text-sm text-destructive">
          {quote.error.message}
        </p>
      ) : quote.data && entry ? (
        <InstallQuote quote={quote.data} entry={entry} />
      ) : (
        <Spinner label="Pricing the add-on…" className="py-4" />
      )}
      <PromoCodeField
        id="install-promo"
        value={promoCode}
        onChange={setPromoCode}
        error={order.error}
      />
      {order.error && !promoCodeIssue(order.error) ? (
        <p role="alert" className="text-sm text-destructive">
          {order.error.message}
        </p>
      ) : null}
      <DialogFormFooter
        submitLabel="Continue to payment"
        pendingText="Placing the order…"
        pending={order.isPending}
        disabled={!entry || Boolean(entry.refusal)}
      />
    </form>
  );
}

/**
 * Installing an add-on: an order for one add-on on one cluster, priced by the server for the
 * rest of the cluster's period, then paid on the checkout page. Either the add-on or the
 * cluster is fixed by where the button is; the other is chosen among what fits.
 */
export function InstallAddonDialog({
  addons,
  clusters,
  title,
  triggerProps,
}: Choice & { title: string; triggerProps?: ButtonProps }) {
  const [open, setOpen] = useState(false);
  const ready = addons.length > 0 && clusters.length > 0;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={!ready} {...triggerProps}>
          Install
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            The add-on is ordered and paid like any order, then the provider installs it.
          </DialogDescription>
        </DialogHeader>
        {open && ready ? <InstallForm addons={addons} clusters={clusters} /> : null}
      </DialogContent>
    </Dialog>
  );
}
