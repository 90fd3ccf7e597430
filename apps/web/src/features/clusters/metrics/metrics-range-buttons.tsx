import { metricsRanges, type MetricsRange } from '@alpenkube/contract/metrics-ranges';
import { cn } from '@/lib/cn';
import { metricsRangeLabels } from './metrics-data';

/** 1 h / 24 h / 7 d as toggle buttons, the chosen one pressed. */
export function MetricsRangeButtons({
  range,
  onChange,
}: {
  range: MetricsRange;
  onChange: (range: MetricsRange) => void;
}) {
  return (
    <div role="group" aria-label="Metrics range" className="flex gap-1 rounded-lg bg-muted p-1">
      {metricsRanges.map((candidate) => {
        const current = candidate === range;
        return (
          <button
            key={candidate}
            type="button"
            aria-pressed={current}
            onClick={() => onChange(candidate)}
            className={cn(
              'rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              current
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {metricsRangeLabels[candidate]}
          </button>
        );
      })}
    </div>
  );
}
