import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { findProvider } from '@/lib/catalog/cluster-config-rules';
import { publicQueries } from '@/lib/public-queries';
import { DryRunForm } from '../components/dry-run-form';
import { ProviderHealthCard } from '../components/provider-health-card';
import { ProviderRegions } from '../components/provider-regions';
import { SimulatedDriverNotice } from '../components/simulated-driver-notice';
import { providerOfPath } from '../provider-slugs';
import { useProviderHealth } from '../queries';

/**
 * The provider test pages (`/gcp-cluster-test`…): one provider driver's health, its regions, and
 * a dry run of a configuration against it.
 */
export function ProviderTestPage() {
  const slug = providerOfPath(useLocation().pathname) ?? '';
  const health = useProviderHealth(slug);
  const catalog = useQuery(publicQueries.catalog());
  const provider = catalog.data ? findProvider(catalog.data, slug) : undefined;
  // The provider and its product, as the driver names itself: "Google Cloud (GKE)".
  const name =
    health.data?.name ?? (provider ? `${provider.name} ${provider.service}` : 'Provider');

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <header className="space-y-1.5 border-b pb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{name} diagnostics</h1>
        <p className="text-muted-foreground">
          What the platform&apos;s {provider?.service ?? name} driver reports about itself, where it
          can create clusters, and what it says of a configuration.
        </p>
      </header>
      {health.data?.simulated ? (
        <SimulatedDriverNotice service={provider?.service ?? name} />
      ) : null}
      {health.error ? (
        <QueryError
          title="The driver's health could not be read"
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : !health.data ? (
        <Spinner label="Asking the driver…" className="py-10" />
      ) : (
        <>
          <ProviderHealthCard
            health={health.data}
            refreshing={health.isFetching}
            onRefresh={() => void health.refetch()}
          />
          <ProviderRegions regions={health.data.regions} />
        </>
      )}
      {catalog.error ? (
        <QueryError
          title="The catalog could not be loaded"
          error={catalog.error}
          onRetry={() => void catalog.refetch()}
        />
      ) : catalog.data && provider ? (
        <DryRunForm catalog={catalog.data} provider={provider} providerName={name} />
      ) : catalog.data ? null : (
        <Spinner label="Loading the catalog…" className="py-10" />
      )}
    </div>
  );
}
