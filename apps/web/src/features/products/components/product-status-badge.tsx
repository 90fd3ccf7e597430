import type { ProductInstance } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { isProductBusy, productStatusLabels, productStatusVariants } from '../product-status';

export function ProductStatusBadge({ status }: { status: ProductInstance['status'] }) {
  return <Badge variant={productStatusVariants[status]}>{productStatusLabels[status]}</Badge>;
}

/** The job under way: a bar and its percentage, or nothing once the product is settled. */
export function ProductProgress({
  status,
  progress,
  step,
  compact = false,
}: {
  status: ProductInstance['status'];
  progress: number;
  step?: string | null;
  compact?: boolean;
}) {
  if (!isProductBusy(status)) return null;
  const value = Math.min(100, Math.max(0, Math.round(progress)));
  const label = productStatusLabels[status];
  return (
    <div className="min-w-0 space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className={cn('overflow-hidden rounded-full bg-muted', compact ? 'h-1' : 'h-2')}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${value}%` }}
        />
      </div>
      <p className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>
        {label} · {value}%{step ? ` · ${step}` : ''}
      </p>
    </div>
  );
}
