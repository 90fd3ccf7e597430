import type { OrganizationStatusName } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { organizationStatusDisplay } from '../labels';

export function OrganizationStatusBadge({ status }: { status: OrganizationStatusName }) {
  const { label, variant } = organizationStatusDisplay[status];
  return <Badge variant={variant}>{label}</Badge>;
}
