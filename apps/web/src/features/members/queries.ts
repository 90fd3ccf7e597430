import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ActivityFilter,
  ActivityPage,
  Invitation,
  Member,
  MemberListQuery,
  MembersSummary,
  PromotionListQuery,
  PromotionRequest,
} from '@alpenkube/contract';
import type {
  OrganizationDomain,
  OrganizationResidency,
} from '@alpenkube/contract/organization-settings';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder, queryKeyOf, request } from '@/lib/http';
import { toast } from '@/components/ui/use-toast';

const { members, activity } = endpoints;

/** The people pages' query keys: GET paths first, so the default query fetcher can GET them. */
export const memberKeys = {
  users: (query: MemberListQuery = {}) => queryKeyOf(members.users, query),
  registrations: (organizationId?: number) => queryKeyOf(members.registrations, { organizationId }),
  invitations: (organizationId?: number) => queryKeyOf(members.invitations, { organizationId }),
  summary: (organizationId?: number) => queryKeyOf(members.summary, { organizationId }),
  promotions: (query: PromotionListQuery = {}) => queryKeyOf(members.promotionRequests, query),
  ownPromotion: () => queryKeyOf(members.ownPromotionRequest),
  residency: (organizationId?: number) => queryKeyOf(members.residencyPolicy, { organizationId }),
  domain: (organizationId?: number) => queryKeyOf(members.domain, { organizationId }),
  activity: (filter: ActivityFilter) => queryKeyOf(activity.events, filter),
};

const ACTIVITY_PAGE = 50;

/** The organization's activity log for a filter, a page at a time ("Load more" asks for more). */
export const useActivityLog = (filter: ActivityFilter, enabled = true) =>
  useInfiniteQuery({
    queryKey: memberKeys.activity(filter),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      request(activity.events, {
        params: [
          {
            ...filter,
            limit: String(ACTIVITY_PAGE),
            ...(pageParam ? { before: String(pageParam) } : {}),
          },
        ],
      }) as Promise<ActivityPage>,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
  });

export const activityCsvUrl = (filter: ActivityFilter) => activity.eventsCsv.path(filter);

export const useMembers = (query: MemberListQuery) =>
  useQuery(queryOptions<Member[]>({ queryKey: memberKeys.users(query) }));
export const useRegistrations = (organizationId?: number) =>
  useQuery(queryOptions<Member[]>({ queryKey: memberKeys.registrations(organizationId) }));
export const useInvitations = (organizationId?: number) =>
  useQuery(queryOptions<Invitation[]>({ queryKey: memberKeys.invitations(organizationId) }));
export const useMembersSummary = (organizationId?: number) =>
  useQuery(queryOptions<MembersSummary>({ queryKey: memberKeys.summary(organizationId) }));
export const useResidencyPolicy = (organizationId?: number) =>
  useQuery(queryOptions<OrganizationResidency>({ queryKey: memberKeys.residency(organizationId) }));
export const useOrganizationDomain = (organizationId?: number) =>
  useQuery(queryOptions<OrganizationDomain>({ queryKey: memberKeys.domain(organizationId) }));
export const usePromotions = (query: PromotionListQuery) =>
  useQuery(queryOptions<PromotionRequest[]>({ queryKey: memberKeys.promotions(query) }));
export const useOwnPromotion = (enabled: boolean) =>
  useQuery({
    ...queryOptions<PromotionRequest | null>({ queryKey: memberKeys.ownPromotion() }),
    enabled,
  });

/**
 * What a change of the people pages may change: every list of people, invitations and
 * promotion requests, and the organization's API tokens (a removed person's are revoked).
 */
const memberReads = [
  ...Object.values(members).filter((endpoint) => endpoint.method === 'GET'),
  endpoints.apiTokens.organization,
];

/** Everything the people pages show may change with any of their changes: all refetch. */
export function refreshMembers(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({
    predicate: (query) => memberReads.some((read) => isUnder(query.queryKey, read.pattern)),
  });
}

/** A change of the people pages: a toast either way, then every list refetches. */
export function useMembersChange<Args, Result>(
  mutationFn: (args: Args) => Promise<Result>,
  success: (result: Result, args: Args) => string,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation<Result, Error, Args>({
    mutationFn,
    onSuccess: (result, args) => {
      toast({ title: success(result, args), variant: 'success' });
      void refreshMembers(queryClient);
      onDone?.();
    },
    onError: (error) =>
      toast({
        title: 'The change was refused',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
