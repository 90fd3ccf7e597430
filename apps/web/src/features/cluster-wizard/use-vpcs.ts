import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVpc, Vpc } from '@alpenkube/contract/vpcs';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder, queryKeyOf, request } from '@/lib/http';
import { useAccess } from '@/lib/session/use-can';

const { vpcs } = endpoints;

/** The organization's VPCs of one provider's region (members only: visitors have none). */
export function useRegionVpcs(provider: string, region: string) {
  const { allowed } = useAccess('member', 'clusters:read');
  return useQuery({
    ...queryOptions<Vpc[]>({ queryKey: queryKeyOf(vpcs.list, { provider, region }) }),
    enabled: allowed && Boolean(provider && region),
  });
}

export function useCreateVpc() {
  const queryClient = useQueryClient();
  return useMutation<Vpc, Error, CreateVpc>({
    mutationFn: (body) => request(vpcs.create, { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => isUnder(query.queryKey, vpcs.list.pattern),
      }),
  });
}
