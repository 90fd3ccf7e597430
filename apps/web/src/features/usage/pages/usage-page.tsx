import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page/page-heading';
import { Button } from '@/components/ui/button';
import { UsageFilters } from '../components/usage-filters';
import { UsageResults } from '../components/usage-results';
import { useClusterChoices, usageCsvUrl, useUsageReport } from '../queries';
import {
  filtersFromSearch,
  searchOfFilters,
  usageQueryOf,
  type UsageFilters as Filters,
} from '../usage-range';

/**
 * /usage: what the organization's clusters ran over a period (UTC days), for one cluster or
 * all, by day, by cluster or by resource, as charts with their tables and as CSV. The filters
 * live in the URL.
 */
export function UsagePage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const query = usageQueryOf(filters);
  const report = useUsageReport(query);
  const clusters = useClusterChoices();
  const change = (next: Partial<Filters>) =>
    setSearch(searchOfFilters({ ...filters, ...next }), { replace: true });
  const clusterName =
    filters.clusterId === null
      ? filters.tag === null
        ? null
        : `Clusters tagged ${filters.tag}`
      : (clusters.data?.find((cluster) => cluster.id === filters.clusterId)?.name ??
        `Cluster #${filters.clusterId}`);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Usage"
        lead="What your clusters ran, metered hour by hour. What ran beyond a subscription’s prepaid part is billed on the month’s invoice."
      >
        {query ? (
          <Button asChild variant="outline">
            <a href={usageCsvUrl(query)} download data-testid="usage-csv">
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        ) : null}
      </PageHeading>
      <UsageFilters filters={filters} clusters={clusters.data} onChange={change} />
      {query ? (
        <UsageResults
          report={report.data}
          error={report.error}
          updating={report.isPlaceholderData}
          onRetry={() => void report.refetch()}
          clusterName={clusterName}
          metric={filters.metric}
          onMetric={(metric) => change({ metric })}
        />
      ) : null}
    </div>
  );
}
