import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Cluster } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { HttpError } from '@/lib/http';
import { ClusterNotFound } from './cluster-not-found';

/**
 * A cluster page's body once its cluster is known: "not found" for an id that is not a number
 * or that the server does not know (another organization's too), the failure with a retry, a
 * spinner while it loads.
 */
export function ClusterGate({
  id,
  query,
  children,
}: {
  id: number | null;
  query: UseQueryResult<Cluster>;
  children: (cluster: Cluster) => ReactNode;
}) {
  if (id === null || (query.error instanceof HttpError && query.error.status === 404)) {
    return <ClusterNotFound />;
  }
  if (query.data) return children(query.data);
  if (query.error) {
    return (
      <>
        <h1 className="sr-only">Cluster</h1>
        <QueryError
          title="The cluster could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return <Spinner label="Loading the cluster…" className="min-h-[40dvh]" />;
}
