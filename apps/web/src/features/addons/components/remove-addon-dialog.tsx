import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useMoney } from '@/components/pricing/use-money';
import { useClusterAddons, useRemoveAddon } from '../queries';

/** What removing gives back, from the server's quote for the cluster. */
function RemovalCredit({ clusterId, slug }: { clusterId: number; slug: string }) {
  const { money } = useMoney();
  const quote = useClusterAddons(clusterId);
  const entry = quote.data?.addons.find((candidate) => candidate.slug === slug);
  if (quote.error) return <span className="text-destructive">{quote.error.message}</span>;
  if (!quote.data || !entry) return <Spinner label="Working out the credit…" size="sm" />;
  return entry.removalCredit > 0 ? (
    <span data-testid="removal-credit">
      The unused part of its prepaid period, <strong>{money(entry.removalCredit)}</strong> for{' '}
      {quote.data.hoursLeft} hours, goes to your credit balance once it is removed.
    </span>
  ) : (
    <span data-testid="removal-credit">
      Its period was not prepaid, so there is nothing to credit: its hours so far are billed with
      your monthly usage.
    </span>
  );
}

/** How the cluster's provider removes it: a real provider's own way, said by the server. */
function RemovalWay({ clusterId }: { clusterId: number }) {
  const quote = useClusterAddons(clusterId);
  if (!quote.data) return null;
  return <p>{quote.data.providerNote ?? 'The provider uninstalls it and its pods stop.'}</p>;
}

/** Removing an installed add-on, once confirmed: a change of the cluster, then a credit. */
export function RemoveAddonDialog({
  clusterId,
  clusterName,
  slug,
  name,
}: {
  clusterId: number;
  clusterName: string;
  slug: string;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const { toast } = useToast();
  const remove = useRemoveAddon({
    onSuccess: () => {
      setOpen(false);
      toast({
        title: `Removing ${name}`,
        description: `${clusterName} is updating; the add-on is gone once the provider is done.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      setOpen(false);
      toast({
        title: `${name} was not removed`,
        description: error.message,
        variant: 'destructive',
      });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger="Remove"
      triggerProps={{ 'aria-label': `Remove ${name} from ${clusterName}` }}
      title={`Remove ${name} from ${clusterName}?`}
      description={
        <div className="space-y-2">
          <RemovalWay clusterId={clusterId} />
          <div>
            <RemovalCredit clusterId={clusterId} slug={slug} />
          </div>
        </div>
      }
      confirmLabel={`Remove ${name}`}
      pendingText="Removing…"
      pending={remove.isPending}
      destructive
      onConfirm={() => remove.mutate({ clusterId, slug })}
    />
  );
}
