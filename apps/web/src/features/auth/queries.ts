import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationLookup } from '@alpenkube/contract/members';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { fetchDevUsers } from './requests';

export const authKeys = {
  devUsers: queryKeyOf(endpoints.dev.users),
};

export const authQueries = {
  /** The demo users of /dev-login (development only). */
  devUsers: () => queryOptions({ queryKey: authKeys.devUsers, queryFn: fetchDevUsers }),
};

/** What an invitation link offers (organization, address, role); disabled without a token. */
export const useInvitation = (token: string | undefined) =>
  useQuery({
    ...queryOptions<InvitationLookup>({
      queryKey: queryKeyOf(endpoints.members.lookupInvitation, token ?? ''),
    }),
    enabled: Boolean(token),
  });
