import { Link } from 'react-router';
import type { UsageRow } from '@alpenkube/contract';
import { usageMetricLabels } from '@alpenkube/contract/usage-metrics';
import { DataTable } from '@/components/ui/data-table';
import { useMoney } from '@/components/pricing/use-money';
import { paths } from '@/config/paths';
import { costByCluster, costedMetrics, type ClusterCost } from '../usage-data';
import { StackedBarChart } from './chart/stacked-bar-chart';
import { metricSeries } from './series';
import { useChartMoney } from './use-chart-money';
import { TableScroll, UsageSection } from './usage-section';

/** Each cluster's cost over the range, stacked by resource, the most expensive first. */
export function ClusterCostSection({ rows }: { rows: readonly UsageRow[] }) {
  const { money } = useMoney();
  const chartMoney = useChartMoney();
  const clusters = costByCluster(rows);
  const metrics = costedMetrics(clusters);
  const costly = clusters.filter((cluster) => cluster.total !== 0);
  return (
    <UsageSection
      title="Cost by cluster"
      description="Each cluster’s billable usage over the range, by resource."
      testId="cluster-cost"
    >
      {costly.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing billable in this range: everything that ran was prepaid.
        </p>
      ) : (
        <StackedBarChart
          label="Cost by cluster"
          orientation="horizontal"
          data={costly.map((cluster) => ({
            key: String(cluster.clusterId),
            label: cluster.name,
            values: chartMoney.values(cluster.byMetric),
            total: chartMoney.toDisplay(cluster.total),
          }))}
          series={metricSeries(metrics)}
          formatValue={chartMoney.format}
          formatTick={chartMoney.tick}
        />
      )}
      <TableScroll label="Cost by cluster table">
        <DataTable<ClusterCost>
          caption="Cost by cluster"
          rows={clusters}
          rowKey={(cluster) => String(cluster.clusterId)}
          rowProps={() => ({ 'data-testid': 'cluster-cost-row' })}
          header="subtle"
          columns={[
            {
              id: 'cluster',
              header: 'Cluster',
              rowHeader: true,
              cell: (cluster) =>
                cluster.clusterId === null ? (
                  cluster.name
                ) : (
                  <Link to={paths.cluster(cluster.clusterId)} className="hover:underline">
                    {cluster.name}
                  </Link>
                ),
            },
            ...metrics.map((metric) => ({
              id: metric,
              header: usageMetricLabels[metric].name,
              align: 'right' as const,
              className: 'hidden md:table-cell',
              cellClassName: 'tabular-nums',
              cell: (cluster: ClusterCost) => money(cluster.byMetric[metric]),
            })),
            {
              id: 'total',
              header: 'Total',
              align: 'right',
              cellClassName: 'tabular-nums font-medium',
              cell: (cluster) => money(cluster.total),
            },
          ]}
        />
      </TableScroll>
    </UsageSection>
  );
}
