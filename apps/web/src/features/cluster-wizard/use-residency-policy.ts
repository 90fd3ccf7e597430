import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationResidency } from '@alpenkube/contract/organization-settings';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { useAccess } from '@/lib/session/use-can';

/**
 * Whether the member's organization keeps its data in the EU only: the wizard then offers EU
 * regions alone (the server refuses the others with a 403 anyway). Visitors have no policy.
 */
export function useEuOnlyPolicy(): boolean {
  const { allowed } = useAccess('member');
  const policy = useQuery({
    ...queryOptions<OrganizationResidency>({
      queryKey: queryKeyOf(endpoints.members.ownResidencyPolicy),
    }),
    enabled: allowed,
  });
  return policy.data?.policy === 'eu_only';
}
