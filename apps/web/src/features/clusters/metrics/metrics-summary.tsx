import {
  formatCores,
  formatMemory,
  percentOf,
  summaryOf,
  type ResourceSeries,
} from './metrics-data';

/**
 * The charts' figures as text, for everyone and for screen readers: for CPU and memory, the
 * latest sample, the range's average and peak, each with its share of what is allocatable.
 */
export function MetricsSummary({
  cpu,
  memory,
  caption,
}: {
  cpu: ResourceSeries;
  memory: ResourceSeries;
  caption: string;
}) {
  const rows = [
    { name: 'CPU', series: cpu, format: formatCores },
    { name: 'Memory', series: memory, format: formatMemory },
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="metrics-summary">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            {['Resource', 'Now', 'Average', 'Peak', 'Allocatable'].map((heading) => (
              <th key={heading} scope="col" className="py-1 pr-3 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ name, series, format }) => {
            const summary = summaryOf(series.values);
            const cell = (value: number | undefined) =>
              value === undefined
                ? '–'
                : `${format(value)} (${percentOf(value, series.allocatable)})`;
            return (
              <tr key={name} className="border-t">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                  {name}
                </th>
                {[summary?.latest, summary?.average, summary?.peak].map((value, index) => (
                  <td key={index} className="py-1.5 pr-3 whitespace-nowrap tabular-nums">
                    {cell(value)}
                  </td>
                ))}
                <td className="py-1.5 whitespace-nowrap tabular-nums">
                  {format(series.allocatable)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
