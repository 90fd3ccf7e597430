import type { UsageRow } from '@alpenkube/contract';
import { usageMetricLabels, type UsageMetric } from '@alpenkube/contract/usage-metrics';
import { DataTable } from '@/components/ui/data-table';
import { useMoney } from '@/components/pricing/use-money';
import { formatQuantity, totalsByMetric, type MetricTotal } from '../usage-data';
import { StackedBarChart } from './chart/stacked-bar-chart';
import { metricSeries } from './series';
import { useChartMoney } from './use-chart-money';
import { UsageSection } from './usage-section';

/** Each resource's quantity, billable part and cost over the range. */
export function MetricTotalsSection({ rows }: { rows: readonly UsageRow[] }) {
  const { money } = useMoney();
  const chartMoney = useChartMoney();
  const totals = totalsByMetric(rows);
  const costly = totals.filter((total) => total.cost !== 0);
  const quantity = (total: MetricTotal, value: number) =>
    `${formatQuantity(value)} ${usageMetricLabels[total.metric].unit}`;
  return (
    <UsageSection
      title="Cost by resource"
      description="What each resource ran over the range, and what ran beyond the prepaid part."
      testId="metric-totals"
    >
      {costly.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing billable in this range: everything that ran was prepaid.
        </p>
      ) : (
        <StackedBarChart
          label="Cost by resource"
          orientation="horizontal"
          data={costly.map((total) => ({
            key: total.metric,
            label: usageMetricLabels[total.metric].name,
            // One segment per bar, in the resource's own colour.
            values: Object.fromEntries(
              costly.map((other) => [
                other.metric,
                other === total ? chartMoney.toDisplay(total.cost) : 0,
              ]),
            ) as Record<UsageMetric, number>,
          }))}
          series={metricSeries(costly.map((total) => total.metric))}
          formatValue={chartMoney.format}
          formatTick={chartMoney.tick}
        />
      )}
      <DataTable<MetricTotal>
        caption="Usage by resource"
        rows={totals}
        rowKey={(total) => total.metric}
        rowProps={() => ({ 'data-testid': 'metric-total-row' })}
        header="subtle"
        columns={[
          {
            id: 'resource',
            header: 'Resource',
            rowHeader: true,
            cell: (total) => (
              <>
                {usageMetricLabels[total.metric].name}
                {/* Phones have no room for the quantity column: it goes under the resource. */}
                <span className="block font-normal text-muted-foreground tabular-nums sm:hidden">
                  {quantity(total, total.quantity)}
                </span>
              </>
            ),
          },
          {
            id: 'quantity',
            header: 'Quantity',
            align: 'right',
            className: 'hidden sm:table-cell',
            cellClassName: 'tabular-nums whitespace-nowrap',
            cell: (total) => quantity(total, total.quantity),
          },
          {
            id: 'billable',
            header: 'Billable',
            align: 'right',
            className: 'hidden md:table-cell',
            cellClassName: 'tabular-nums whitespace-nowrap',
            cell: (total) => quantity(total, total.billable),
          },
          {
            id: 'cost',
            header: 'Cost',
            align: 'right',
            cellClassName: 'tabular-nums font-medium',
            cell: (total) => money(total.cost),
          },
        ]}
      />
    </UsageSection>
  );
}
