import { useId } from 'react';
import type { UsageRow } from '@alpenkube/contract';
import {
  usageMetricLabels,
  usageMetrics,
  type UsageMetric,
} from '@alpenkube/contract/usage-metrics';
import { DataTable } from '@/components/ui/data-table';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMoney } from '@/components/pricing/use-money';
import { formatQuantity, quantityByDay, type DayQuantity } from '../usage-data';
import { formatDay } from '../usage-range';
import { StackedBarChart, type ChartSeries } from './chart/stacked-bar-chart';
import { TableScroll, UsageSection } from './usage-section';

type Part = 'prepaid' | 'billable';

/** One resource's daily quantity, its prepaid and billable parts stacked, and its table. */
export function DailyQuantitySection({
  rows,
  days,
  metric,
  onMetric,
}: {
  rows: readonly UsageRow[];
  days: string[];
  metric: UsageMetric;
  onMetric: (metric: UsageMetric) => void;
}) {
  const { money } = useMoney();
  const selectId = useId();
  const { name, unit } = usageMetricLabels[metric];
  const figures = quantityByDay(rows, days, metric);
  const used = figures.filter((figure) => figure.quantity !== 0);
  const series: ChartSeries<Part>[] = [
    { key: 'prepaid', label: 'Prepaid', color: 'var(--chart-prepaid)' },
    { key: 'billable', label: 'Billable', color: 'var(--chart-1)' },
  ];
  return (
    <UsageSection
      title="Daily quantity"
      description={`${name} in ${unit}: the part your subscriptions prepaid, and the billable rest.`}
      testId="daily-quantity"
      controls={
        <div className="grid gap-1.5 sm:w-56">
          <Label htmlFor={selectId}>Resource</Label>
          <NativeSelect
            id={selectId}
            value={metric}
            onChange={(event) => onMetric(event.target.value as UsageMetric)}
          >
            {usageMetrics.map((option) => (
              <option key={option} value={option}>
                {usageMetricLabels[option].name} ({usageMetricLabels[option].unit})
              </option>
            ))}
          </NativeSelect>
        </div>
      }
    >
      {used.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No {name.toLowerCase()} usage in this range.
        </p>
      ) : (
        <>
          <StackedBarChart
            label={`Daily ${name.toLowerCase()} usage in ${unit}`}
            data={figures.map((figure) => ({
              key: figure.day,
              label: formatDay(figure.day),
              tick: formatDay(figure.day, { year: false }),
              values: { prepaid: figure.prepaid, billable: figure.billable },
            }))}
            series={series}
            formatValue={(value) => formatQuantity(value)}
          />
          <TableScroll label="Daily quantity table">
            <DataTable<DayQuantity>
              caption={`Daily ${name.toLowerCase()} usage in ${unit} (days without usage are left out)`}
              rows={used}
              rowKey={(figure) => figure.day}
              rowProps={() => ({ 'data-testid': 'daily-quantity-row' })}
              header="subtle"
              columns={[
                {
                  id: 'day',
                  header: 'Day',
                  rowHeader: true,
                  cellClassName: 'whitespace-nowrap',
                  cell: (figure) => formatDay(figure.day),
                },
                {
                  id: 'quantity',
                  header: `Quantity (${unit})`,
                  align: 'right',
                  cellClassName: 'tabular-nums whitespace-nowrap',
                  cell: (figure) => formatQuantity(figure.quantity),
                },
                {
                  id: 'billable',
                  header: `Billable (${unit})`,
                  align: 'right',
                  className: 'hidden sm:table-cell',
                  cellClassName: 'tabular-nums whitespace-nowrap',
                  cell: (figure) => formatQuantity(figure.billable),
                },
                {
                  id: 'cost',
                  header: 'Cost',
                  align: 'right',
                  cellClassName: 'tabular-nums',
                  cell: (figure) => money(figure.cost),
                },
              ]}
            />
          </TableScroll>
        </>
      )}
    </UsageSection>
  );
}
