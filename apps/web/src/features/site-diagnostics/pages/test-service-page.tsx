import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { PageHeader } from '@/components/page/page-header';
import { runAllChecks, serviceChecks, summarize, type CheckResult } from '../service-checks';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

/** The results' columns; until the first run ends every call shows as being tested. */
const checkColumns = (done: boolean): DataTableColumn<CheckResult>[] => [
  {
    id: 'call',
    header: 'Call',
    rowHeader: true,
    cell: (r) => (
      <>
        {r.check.label}
        <code className="block font-mono text-xs font-normal text-muted-foreground">
          GET {r.check.url}
        </code>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) =>
      done ? (
        <span className={cn('font-mono font-semibold', r.ok ? 'text-success' : 'text-destructive')}>
          {r.status ?? 'no answer'}
        </span>
      ) : (
        <span className="text-muted-foreground">testing…</span>
      ),
  },
  {
    id: 'latency',
    header: 'Latency',
    align: 'right',
    cellClassName: 'tabular-nums',
    cell: (r) => (done ? `${r.latencyMs} ms` : ''),
  },
  { id: 'detail', header: 'Detail', cellClassName: 'text-muted-foreground', cell: (r) => r.detail },
];

export function TestServicePage() {
  useRouteMeta('/test-service');
  const checks = useQuery({
    queryKey: ['service-checks'],
    queryFn: () => runAllChecks(),
    gcTime: 0,
  });
  const summary = checks.data ? summarize(checks.data) : null;

  return (
    <>
      <PageHeader
        eyebrow="Diagnostics"
        title="Service status test"
        lead="Checks the platform API from your browser: whether each main call answers, and how long it takes from where you are."
      >
        <Button onClick={() => void checks.refetch()} disabled={checks.isFetching}>
          <RefreshCw className={cn(checks.isFetching && 'animate-spin')} aria-hidden="true" />
          {checks.isFetching ? 'Testing…' : 'Run the test again'}
        </Button>
      </PageHeader>
      {/* The page exists to run requests from the browser: its code starts at once. */}
      <div
        data-hydrate="at-once"
        className="mx-auto w-full max-w-4xl space-y-6 px-4 py-12 sm:px-6 lg:px-8"
      >
        {summary && (
          <div
            role="status"
            className={cn(
              'flex items-center gap-3 rounded-xl border p-5',
              summary.healthy
                ? 'border-success/40 bg-success/5'
                : 'border-destructive/40 bg-destructive/5',
            )}
          >
            {summary.healthy ? (
              <CheckCircle2 className="size-6 text-success" aria-hidden="true" />
            ) : (
              <XCircle className="size-6 text-destructive" aria-hidden="true" />
            )}
            <p>
              <strong>{summary.healthy ? 'All systems answer.' : 'Some calls failed.'}</strong>{' '}
              <span className="text-muted-foreground">
                Median response time {summary.medianMs} ms.
              </span>
            </p>
          </div>
        )}
        <DataTable
          className="bg-card"
          density="comfortable"
          caption="Results of each call"
          columns={checkColumns(checks.data !== undefined)}
          rows={
            checks.data ??
            serviceChecks.map((check) => ({
              check,
              status: null,
              ok: false,
              latencyMs: 0,
              detail: '',
            }))
          }
          rowKey={(r) => r.check.url}
        />
        <p className="text-sm text-muted-foreground">
          Latency is measured in your browser and includes your network. Each call is made once, one
          after another, with caching disabled.
        </p>
      </div>
    </>
  );
}
