import { Link } from 'react-router';
import { Puzzle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { Cluster, ClusterAddons as ClusterAddonQuote } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { useMoney } from '@/components/pricing/use-money';
import { paths } from '@/config/paths';
import { queryKeyOf } from '@/lib/http';
import { removeAddon } from '../requests';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { SectionCard } from './section-card';

/** What removing the add-on credits, from the server's quote; read when the dialog opens. */
function RemovalCredit({ clusterId, slug }: { clusterId: number; slug: string }) {
  const { money } = useMoney();
  const quote = useQuery<ClusterAddonQuote>({
    queryKey: queryKeyOf(endpoints.addons.forCluster, clusterId),
    staleTime: 0,
  });
  const credit = quote.data?.addons.find((addon) => addon.slug === slug)?.removalCredit;
  if (credit === undefined) return <>Working out the credit…</>;
  // A real provider's own way of removing it (DigitalOcean keeps the app's CRDs), said first.
  const note = quote.data?.providerNote ? <>{quote.data.providerNote} </> : null;
  return credit > 0 ? (
    <>
      {note}
      The unused part of its prepaid period, <strong>{money(credit)}</strong>, goes to your credit
      balance once it is removed.
    </>
  ) : (
    <>{note}Its period was not prepaid: there is nothing to credit.</>
  );
}

/** The add-ons installed on the cluster, each removable while the cluster takes changes. */
export function ClusterAddons({ cluster, canChange }: { cluster: Cluster; canChange: boolean }) {
  const { addons } = cluster;
  return (
    <SectionCard title="Add-ons">
      {addons.length === 0 ? (
        <p className="text-sm text-muted-foreground">No add-on is installed.</p>
      ) : (
        <ul aria-label="Installed add-ons" className="divide-y">
          {addons.map((addon) => (
            <li key={addon.slug} className="flex items-center justify-between gap-2 py-1.5">
              <span className="inline-flex items-center gap-1.5 text-sm">
                <Puzzle className="size-3.5 text-muted-foreground" aria-hidden="true" />
                {addon.name}
              </span>
              {canChange ? (
                <ConfirmActionDialog
                  trigger="Remove"
                  triggerProps={{ 'aria-label': `Remove ${addon.name}` }}
                  title={`Remove ${addon.name} from ${cluster.name}?`}
                  description={<RemovalCredit clusterId={cluster.id} slug={addon.slug} />}
                  confirmLabel={`Remove ${addon.name}`}
                  pendingText="Removing…"
                  destructive
                  run={() => removeAddon(cluster.id, addon.slug)}
                  done={{ title: `Removing ${addon.name}` }}
                  refused={`${addon.name} was not removed`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={paths.addOns}
        className="mt-3 inline-block text-sm font-medium text-primary hover:underline"
      >
        Browse add-ons
      </Link>
    </SectionCard>
  );
}
