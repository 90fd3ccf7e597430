import type { MemberStatus } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { statusDisplay } from '../labels';

export function StatusBadge({ status, reason }: { status: MemberStatus; reason?: string | null }) {
  const { label, variant } = statusDisplay[status];
  return (
    <Badge variant={variant} title={reason ?? undefined}>
      {label}
    </Badge>
  );
}
