import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '@/components/page/page-heading';
import { CardSkeletons, QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { publicQueries } from '@/lib/public-queries';
import { listedStatuses } from '../addon-rules';
import { AddonCatalog } from '../components/addon-catalog';
import { ClusterAddonCard } from '../components/cluster-addon-card';
import { useOrganizationClusters } from '../queries';

/** /add-ons: what is installed on each running cluster, then the catalog to install from. */
export function AddonsPage() {
  const catalog = useQuery(publicQueries.catalog());
  const clusters = useOrganizationClusters();
  const error = catalog.error ?? clusters.error;
  const listed = (clusters.data?.items ?? []).filter((cluster) =>
    listedStatuses.includes(cluster.status),
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8">
      <PageHeading
        title="Add-ons"
        lead="Ingress, certificates, monitoring, backup and more, installed on your clusters by their provider."
      >
        <Button asChild variant="outline">
          <Link to={paths.addonOrders}>Add-on orders</Link>
        </Button>
      </PageHeading>
      {error ? (
        <QueryError
          title="The add-ons could not be loaded"
          error={error}
          onRetry={() => void Promise.all([catalog.refetch(), clusters.refetch()])}
        />
      ) : !catalog.data || !clusters.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <CardSkeletons count={3} className="h-40" />
        </div>
      ) : (
        <>
          <section aria-labelledby="on-clusters-title" className="space-y-4">
            <h2 id="on-clusters-title" className="text-xl font-semibold tracking-tight">
              On your clusters
            </h2>
            {listed.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No cluster is running yet.{' '}
                <Link
                  to={paths.configureCluster}
                  className="font-medium text-primary hover:underline"
                >
                  Configure a cluster
                </Link>{' '}
                to install add-ons on it.
              </p>
            ) : (
              <div className="grid gap-4 md:grid-cols-2">
                {listed.map((cluster) => (
                  <ClusterAddonCard key={cluster.id} cluster={cluster} catalog={catalog.data} />
                ))}
              </div>
            )}
          </section>
          <AddonCatalog catalog={catalog.data} clusters={clusters.data.items} />
        </>
      )}
    </div>
  );
}
