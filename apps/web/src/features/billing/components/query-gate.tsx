import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';

/**
 * A section's data: a spinner while it loads, the server's message with a retry when it
 * failed, then `children` with the data. `what` names it: "the invoices".
 */
export function QueryGate<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <QueryError
        title={`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <Spinner label={`Loading ${what}…`} className="min-h-24" />;
}
