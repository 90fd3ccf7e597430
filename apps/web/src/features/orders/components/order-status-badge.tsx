import type { OrderStatus } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { orderStatusDisplay } from '../order-status';

export function OrderStatusBadge({
  status,
  className,
}: {
  status: OrderStatus;
  className?: string;
}) {
  const { label, variant } = orderStatusDisplay[status];
  return (
    <Badge variant={variant} className={cn(className)} data-status={status}>
      {label}
    </Badge>
  );
}
