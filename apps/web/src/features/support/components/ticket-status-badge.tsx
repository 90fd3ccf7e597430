import type { TicketStatus } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { statusDisplay } from '../ticket-labels';

export function TicketStatusBadge({
  status,
  viewer = 'customer',
}: {
  status: TicketStatus;
  viewer?: 'customer' | 'staff';
}) {
  const { label, staffLabel, variant } = statusDisplay[status];
  return (
    <Badge variant={variant} data-status={status} data-testid="ticket-status">
      {viewer === 'staff' ? staffLabel : label}
    </Badge>
  );
}
