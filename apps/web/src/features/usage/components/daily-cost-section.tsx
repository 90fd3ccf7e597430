import type { UsageRow } from '@alpenkube/contract';
import { usageMetricLabels } from '@alpenkube/contract/usage-metrics';
import { DataTable } from '@/components/ui/data-table';
import { useMoney } from '@/components/pricing/use-money';
import { costByDay, costedMetrics, type DayCost } from '../usage-data';
import { formatDay } from '../usage-range';
import { StackedBarChart } from './chart/stacked-bar-chart';
import { metricSeries } from './series';
import { useChartMoney } from './use-chart-money';
import { TableScroll, UsageSection } from './usage-section';

/** Each day's cost, stacked by resource, and the table of the days that cost something. */
export function DailyCostSection({ rows, days }: { rows: readonly UsageRow[]; days: string[] }) {
  const { money } = useMoney();
  const chartMoney = useChartMoney();
  const figures = costByDay(rows, days);
  const metrics = costedMetrics(figures);
  const costly = figures.filter((figure) => figure.total !== 0);
  return (
    <UsageSection
      title="Daily cost by resource"
      description="What ran beyond what your subscriptions prepaid, day by day (UTC)."
      testId="daily-cost"
    >
      {costly.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing billable in this range: everything that ran was prepaid.
        </p>
      ) : (
        <>
          <StackedBarChart
            label="Daily cost by resource"
            data={figures.map((figure) => ({
              key: figure.day,
              label: formatDay(figure.day),
              tick: formatDay(figure.day, { year: false }),
              values: chartMoney.values(figure.byMetric),
              total: chartMoney.toDisplay(figure.total),
            }))}
            series={metricSeries(metrics)}
            formatValue={chartMoney.format}
            formatTick={chartMoney.tick}
          />
          <TableScroll label="Daily cost table">
            <DataTable<DayCost>
              caption="Daily cost by resource (days without cost are left out)"
              rows={costly}
              rowKey={(figure) => figure.day}
              rowProps={() => ({ 'data-testid': 'daily-cost-row' })}
              header="subtle"
              columns={[
                {
                  id: 'day',
                  header: 'Day',
                  rowHeader: true,
                  cellClassName: 'whitespace-nowrap',
                  cell: (figure) => formatDay(figure.day),
                },
                ...metrics.map((metric) => ({
                  id: metric,
                  header: usageMetricLabels[metric].name,
                  align: 'right' as const,
                  className: 'hidden sm:table-cell',
                  cellClassName: 'tabular-nums',
                  cell: (figure: DayCost) => money(figure.byMetric[metric]),
                })),
                {
                  id: 'total',
                  header: 'Total',
                  align: 'right',
                  cellClassName: 'tabular-nums font-medium',
                  cell: (figure) => money(figure.total),
                },
              ]}
            />
          </TableScroll>
        </>
      )}
    </UsageSection>
  );
}
