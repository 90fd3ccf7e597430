import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Catalog } from '@alpenkube/contract';
import { Spinner } from '@/components/ui/spinner';
import { publicQueries } from '@/lib/public-queries';
import { QueryError } from './query-state';

/**
 * The catalog's pages (estimator, tier comparison, suggestions): a spinner while it loads, the
 * error with a retry if it cannot, and the page once it is there.
 */
export function WithCatalog({
  loading,
  children,
}: {
  /** What the spinner says, e.g. "Loading the tiers…". */
  loading: string;
  children: (catalog: Catalog) => ReactNode;
}) {
  const catalog = useQuery(publicQueries.catalog());
  if (catalog.isError) {
    return (
      <QueryError
        title="The catalog could not be loaded"
        error={catalog.error}
        onRetry={() => void catalog.refetch()}
      />
    );
  }
  if (catalog.isPending) return <Spinner label={loading} className="min-h-[40dvh]" />;
  return children(catalog.data);
}
