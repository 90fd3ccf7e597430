import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminApiToken, AdminApiTokenQuery, ApiToken } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder, queryKeyOf } from '@/lib/http';
import { adminRevokeApiToken, createApiToken, revokeApiToken } from './requests';

const { apiTokens } = endpoints;

/** The tokens' query keys: GET paths first, so the default query fetcher can GET them. */
export const apiTokenKeys = {
  mine: queryKeyOf(apiTokens.mine),
  organization: (query: AdminApiTokenQuery = {}) => queryKeyOf(apiTokens.organization, query),
};

export const apiTokenQueries = {
  mine: () => queryOptions<ApiToken[]>({ queryKey: apiTokenKeys.mine }),
  organization: (query: AdminApiTokenQuery = {}) =>
    queryOptions<AdminApiToken[]>({ queryKey: apiTokenKeys.organization(query) }),
};

export const useMyApiTokens = () => useQuery(apiTokenQueries.mine());
export const useOrganizationApiTokens = (query: AdminApiTokenQuery = {}) =>
  useQuery(apiTokenQueries.organization(query));

/** Any change to a token shows in both lists (an admin's own tokens are in both). */
function useRefreshTokens() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) =>
        isUnder(query.queryKey, apiTokens.mine.pattern) ||
        isUnder(query.queryKey, apiTokens.organization.pattern),
    });
}

export function useCreateApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({ mutationFn: createApiToken, onSuccess: () => void refresh() });
}

export function useRevokeApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({ mutationFn: revokeApiToken, onSettled: () => void refresh() });
}

export function useAdminRevokeApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({ mutationFn: adminRevokeApiToken, onSettled: () => void refresh() });
}
