import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { AuditFilter } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AuditFilters } from './audit-filters';
import { AuditTable, type AuditRowView } from './audit-table';

/** What an audit log's paged query gives the view (a TanStack infinite query). */
export interface AuditLogQuery {
  rows: AuditRowView[] | undefined;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** An audit log: its filter, the events a page at a time, and the same filter as CSV. */
export function AuditLogView({
  label,
  intro,
  log,
  onFilter,
  csvHref,
  withOrganization = false,
  actorLabel,
}: {
  label: string;
  intro: ReactNode;
  log: AuditLogQuery;
  onFilter: (filter: AuditFilter) => void;
  csvHref: string;
  withOrganization?: boolean;
  actorLabel?: string;
}) {
  const rows = log.rows ?? [];
  return (
    <section className="space-y-4" aria-label={label}>
      <p className="text-sm text-muted-foreground">{intro}</p>
      <AuditFilters
        onApply={onFilter}
        logName={label.toLowerCase()}
        withOrganization={withOrganization}
        actorLabel={actorLabel}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {log.rows ? `${rows.length}${log.hasNextPage ? '+' : ''} events` : ''}
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={csvHref} download data-testid="audit-csv">
            <Download className="size-4" aria-hidden="true" /> Download CSV
          </a>
        </Button>
      </div>
      {log.error ? (
        <QueryError
          title={`The ${label.toLowerCase()} could not be loaded`}
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : !log.rows ? (
        <Spinner label={`Loading the ${label.toLowerCase()}…`} className="min-h-[20dvh]" />
      ) : (
        <>
          <AuditTable events={rows} withOrganization={withOrganization} />
          {log.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
