import type { InvoiceStatus } from '@alpenkube/contract/billing';
import { Badge } from '@/components/ui/badge';
import { invoiceStatusDisplay } from '../billing-format';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { label, variant } = invoiceStatusDisplay[status];
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  );
}
