import { useState } from 'react';
import { Download } from 'lucide-react';
import type { AuditFilter } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { auditCsvUrl, useAuditLog } from '../queries';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/** The audit trail of every organization: filter, read a page at a time, or download as CSV. */
export function AuditLogTab() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <section className="space-y-4" aria-label="Audit log">
      <p className="text-sm text-muted-foreground">
        Append-only: the database refuses to change or delete an event. Erased people appear under
        their pseudonym.
      </p>
      <AuditFilters onApply={setFilter} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {log.data ? `${events.length}${log.hasNextPage ? '+' : ''} events` : ''}
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={auditCsvUrl(filter)} download data-testid="audit-csv">
            <Download className="size-4" aria-hidden="true" /> Download CSV
          </a>
        </Button>
      </div>
      {log.error ? (
        <QueryError
          title="The audit log could not be loaded"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : !log.data ? (
        <Spinner label="Loading the audit log…" className="min-h-[20dvh]" />
      ) : (
        <>
          <AuditTable events={events} />
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
