import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PageHeader } from '../components/page-header';
import { runAllChecks, serviceChecks, summarize } from '../diagnostics/service-checks';
import { useRouteMeta } from '../use-page-meta';

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
      <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-12 sm:px-6 lg:px-8">
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
        <div className="overflow-x-auto rounded-xl border border-border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">Results of each call</caption>
            <thead className="bg-muted text-left">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Call
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Latency
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody>
              {(
                checks.data ??
                serviceChecks.map((check) => ({
                  check,
                  status: null,
                  ok: false,
                  latencyMs: 0,
                  detail: '',
                }))
              ).map((r) => (
                <tr key={r.check.url} className="border-t border-border">
                  <th scope="row" className="px-4 py-3 text-left font-medium">
                    {r.check.label}
                    <code className="block font-mono text-xs font-normal text-muted-foreground">
                      GET {r.check.url}
                    </code>
                  </th>
                  <td className="px-4 py-3">
                    {checks.data ? (
                      <span
                        className={cn(
                          'font-mono font-semibold',
                          r.ok ? 'text-success' : 'text-destructive',
                        )}
                      >
                        {r.status ?? 'no answer'}
                      </span>
                    ) : (
                      <span className="text-muted-foreground">testing…</span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {checks.data ? `${r.latencyMs} ms` : ''}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">{r.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-muted-foreground">
          Latency is measured in your browser and includes your network. Each call is made once, one
          after another, with caching disabled.
        </p>
      </div>
    </>
  );
}
