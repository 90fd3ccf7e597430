import { Loader2 } from 'lucide-react';
import type { ClusterStatus } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { clusterStatusDisplay } from '../cluster-status';

/** A cluster's status in its colour, with a spinner while work is under way. */
export function ClusterStatusBadge({
  status,
  className,
}: {
  status: ClusterStatus;
  className?: string;
}) {
  const { label, variant, busy } = clusterStatusDisplay[status];
  return (
    <Badge variant={variant} className={cn(className)} data-status={status}>
      {busy ? <Loader2 className="size-3 animate-spin" aria-hidden="true" /> : null}
      {label}
    </Badge>
  );
}
