import { cn } from '@/lib/cn';
import type { BudgetMeter } from './budget-meter';

const fills: Record<BudgetMeter['tone'], string> = {
  ok: 'bg-primary',
  warning: 'bg-warning',
  over: 'bg-destructive',
};

/**
 * Spent against the budget: the month so far filled, the forecast paler behind it, a tick at
 * each alert threshold (solid once reached) and the budget's own line when the bar goes past it.
 */
export function BudgetBar({
  meter,
  valueText,
}: {
  meter: BudgetMeter;
  /** What the bar says in words, for screen readers. */
  valueText: string;
}) {
  return (
    <div className="space-y-1.5">
      <div
        role="meter"
        aria-label="Budget spent"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(meter.spentPercent, 100)}
        aria-valuetext={valueText}
        data-testid="budget-bar"
        className="relative h-3 rounded-full bg-muted"
      >
        <div
          className={cn('absolute inset-y-0 left-0 rounded-full opacity-30', fills[meter.tone])}
          style={{ width: `${meter.forecastWidth}%` }}
          data-testid="budget-forecast"
        />
        <div
          className={cn('absolute inset-y-0 left-0 rounded-full', fills[meter.tone])}
          style={{ width: `${meter.spentWidth}%` }}
          data-testid="budget-spent"
        />
        {meter.marks.map((mark) => (
          <span
            key={mark.threshold}
            data-testid="budget-threshold"
            data-threshold={mark.threshold}
            className={cn(
              'absolute -inset-y-1 w-0.5 -translate-x-1/2 rounded-full',
              mark.reached ? 'bg-foreground' : 'bg-muted-foreground/60',
            )}
            style={{ left: `${mark.at}%` }}
          />
        ))}
      </div>
      <div className="relative h-4 text-[0.7rem] text-muted-foreground" aria-hidden="true">
        {meter.marks.map((mark) => (
          <span
            key={mark.threshold}
            className="absolute -translate-x-1/2 tabular-nums"
            style={{ left: `${Math.min(96, Math.max(4, mark.at))}%` }}
          >
            {mark.threshold}%
          </span>
        ))}
      </div>
    </div>
  );
}
