import type { UsageMetric } from '@alpenkube/contract/usage-metrics';
import type { UsageReport } from '@alpenkube/contract';
import { BarChart3 } from 'lucide-react';
import { QueryError } from '@/components/page/query-state';
import { FormAlert } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { hasUsage } from '../usage-data';
import { daysOf } from '../usage-range';
import { ClusterCostSection } from './cluster-cost-section';
import { DailyCostSection } from './daily-cost-section';
import { DailyQuantitySection } from './daily-quantity-section';
import { MetricTotalsSection } from './metric-totals-section';
import { UsageSummary } from './usage-summary';

/**
 * The report's states: loading, failed, empty, or the summary and the sections of its grouping.
 * The grouping drawn is the report's own, so while another loads the previous one stays, dimmed.
 */
export function UsageResults({
  report,
  error,
  updating,
  onRetry,
  clusterName,
  metric,
  onMetric,
}: {
  report: UsageReport | undefined;
  error: unknown;
  updating: boolean;
  onRetry: () => void;
  clusterName: string | null;
  metric: UsageMetric;
  onMetric: (metric: UsageMetric) => void;
}) {
  if (error) {
    return <QueryError title="The usage could not be loaded" error={error} onRetry={onRetry} />;
  }
  if (!report) return <Spinner label="Loading the usage…" className="py-16" />;
  const busy = updating ? { 'aria-busy': true } : {};
  if (!hasUsage(report.rows)) {
    return (
      <div
        {...busy}
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center',
          updating && 'opacity-60',
        )}
        data-testid="usage-empty"
      >
        <BarChart3 className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No usage in this range</p>
        <p className="max-w-md text-sm text-muted-foreground">
          {clusterName ? `${clusterName} ran nothing` : 'No cluster ran'} in these days. Clusters
          are metered hour by hour: usage shows here once the hour has passed.
        </p>
      </div>
    );
  }
  const days = daysOf(report);
  return (
    <div {...busy} className={cn('space-y-6 transition-opacity', updating && 'opacity-60')}>
      <UsageSummary report={report} clusterName={clusterName} />
      {report.simulatedEgress ? (
        <FormAlert variant="info" title="Egress: simulated traffic">
          Egress is the traffic sent out through your clusters&rsquo; load balancers. On the
          simulated providers that traffic is generated (the same for each hour whenever it is asked
          for) and billed as if it were real.
        </FormAlert>
      ) : null}
      {report.groupBy === 'day' ? (
        <>
          <DailyCostSection rows={report.rows} days={days} />
          <DailyQuantitySection
            rows={report.rows}
            days={days}
            metric={metric}
            onMetric={onMetric}
          />
        </>
      ) : report.groupBy === 'cluster' ? (
        <ClusterCostSection rows={report.rows} />
      ) : (
        <MetricTotalsSection rows={report.rows} />
      )}
    </div>
  );
}
