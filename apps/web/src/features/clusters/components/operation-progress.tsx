import type { ClusterSummary } from '@alpenkube/contract';
import { cn } from '@/lib/cn';
import { operationLabels } from '../cluster-status';

type Operation = NonNullable<ClusterSummary['operation']>;

/**
 * The change under way: what it is, how far (a bar and a percentage) and the step the provider
 * is on. `compact` for a list row, where only a line fits.
 */
export function OperationProgress({
  operation,
  compact = false,
  className,
}: {
  operation: Operation;
  compact?: boolean;
  className?: string;
}) {
  const progress = Math.min(100, Math.max(0, Math.round(operation.progress)));
  const label = operationLabels[operation.kind];
  return (
    <div className={cn('min-w-0 space-y-1', className)} data-testid="operation-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%${operation.step ? `: ${operation.step}` : ''}`}
        className={cn('overflow-hidden rounded-full bg-muted', compact ? 'h-1' : 'h-2')}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <p className={cn('text-muted-foreground', compact ? 'truncate text-xs' : 'text-sm')}>
        <span className="font-medium text-foreground">
          {label} · {progress}%
        </span>
        {operation.step ? <> · {operation.step}</> : null}
      </p>
    </div>
  );
}
