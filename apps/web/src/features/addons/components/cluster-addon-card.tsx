import { Link } from 'react-router';
import { Puzzle } from 'lucide-react';
import type { Catalog, ClusterSummary } from '@alpenkube/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/session/use-can';
import { addonReadyStatuses } from '../addon-rules';
import { useClusterAddons } from '../queries';
import { InstallAddonDialog } from './install-addon-dialog';
import { RemoveAddonDialog } from './remove-addon-dialog';

/** One cluster: what is installed on it, Remove for each, and Install for what fits. */
export function ClusterAddonCard({
  cluster,
  catalog,
}: {
  cluster: ClusterSummary;
  catalog: Catalog;
}) {
  const canOrder = useCan('orderer', 'orders:write');
  const quote = useClusterAddons(cluster.id);
  const ready = addonReadyStatuses.includes(cluster.status);
  const installed = quote.data?.addons.filter((addon) => addon.installed) ?? [];
  const orderable = catalog.addons.filter((addon) =>
    quote.data?.addons.some((entry) => entry.slug === addon.slug && entry.refusal === null),
  );
  return (
    <Card data-testid="cluster-addons" aria-labelledby={`cluster-addons-${cluster.id}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div className="min-w-0">
          <CardTitle id={`cluster-addons-${cluster.id}`} className="text-base">
            <Link to={paths.cluster(cluster.id)} className="hover:underline">
              {cluster.name}
            </Link>
          </CardTitle>
          <p className="text-xs text-muted-foreground">
            {cluster.tier.name} · {cluster.nodeCount} nodes ·{' '}
            {ready ? cluster.status : `${cluster.status}: changes wait until it is running`}
          </p>
        </div>
        {canOrder && ready ? (
          <InstallAddonDialog
            title={`Install an add-on on ${cluster.name}`}
            addons={orderable}
            clusters={[cluster]}
            triggerProps={{
              variant: 'outline',
              'aria-label': `Install an add-on on ${cluster.name}`,
            }}
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {quote.isPending ? (
          <Spinner label="Loading its add-ons…" size="sm" />
        ) : quote.error ? (
          <p className="text-sm text-destructive">{quote.error.message}</p>
        ) : installed.length === 0 ? (
          <p className="text-sm text-muted-foreground">No add-on is installed.</p>
        ) : (
          <ul aria-label={`Add-ons on ${cluster.name}`} className="divide-y">
            {installed.map((addon) => (
              <li key={addon.slug} className="flex items-center justify-between gap-3 py-2">
                <span className="inline-flex items-center gap-2 text-sm">
                  <Puzzle className="size-3.5 text-muted-foreground" aria-hidden="true" />
                  {addon.name}
                </span>
                {canOrder && ready ? (
                  <RemoveAddonDialog
                    clusterId={cluster.id}
                    clusterName={cluster.name}
                    slug={addon.slug}
                    name={addon.name}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
