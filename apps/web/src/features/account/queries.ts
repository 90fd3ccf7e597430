import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo, User } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { userQueryKey } from '@/lib/session/session-cache';
import {
  changePassword,
  deleteAccount,
  disableMfa,
  enableMfa,
  revokeOtherSessions,
  revokeSession,
  startMfaSetup,
  updateProfile,
} from './requests';

/** The account's query keys: GET paths first, so the default query fetcher can GET them. */
export const accountKeys = {
  sessions: queryKeyOf(endpoints.account.sessions),
};

export const accountQueries = {
  sessions: () => queryOptions<SessionInfo[]>({ queryKey: accountKeys.sessions }),
};

export function useSessions() {
  return useQuery(accountQueries.sessions());
}

/** Every mutation that answers with the user keeps the session's cached user right itself. */
function useUserMutation<Args>(mutationFn: (args: Args) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation<User, Error, Args>({
    mutationFn,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

export const useUpdateProfile = () => useUserMutation(updateProfile);
export const useEnableMfa = () => useUserMutation(enableMfa);
export const useDisableMfa = () => useUserMutation(disableMfa);

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}

/** The server ends the user's other sessions on a password change, so the list is refetched. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** Erases the account; the caller clears what the browser held and leaves the signed-in app. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: (_response, id) =>
      queryClient.setQueryData<SessionInfo[]>(accountKeys.sessions, (sessions) =>
        sessions?.filter((session) => session.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
