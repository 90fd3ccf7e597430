import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { publicQueryKeys } from '@/lib/public-queries';

export const userQueryKey = queryKeyOf(endpoints.session.user);

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);

/** Whether a query's data belongs to nobody (listed in `publicQueryKeys`), so it may outlive a session. */
export function isPublicQueryKey(queryKey: readonly unknown[]): boolean {
  return publicQueryKeys.some((key) => sameKey(key, queryKey));
}

/**
 * A signed-out browser keeps only public data: every query not on the public list goes, so
 * nothing of one user (their sessions and IP addresses, notifications, orders…) is there for
 * the next, whatever keys the features add later.
 *
 * The user entry stays, as null: removing it would restart the session query, and the protected
 * route would then save the page being left as the next sign-in target after storage was cleared.
 */
export function clearSignedOutData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) =>
      !sameKey(query.queryKey, userQueryKey) && !isPublicQueryKey(query.queryKey),
  });
  queryClient.setQueryData(userQueryKey, null);
}

/**
 * Signing in clears every cached query first, so nothing of a previous user survives. The user
 * entry itself is kept as null (signed out, still true until the server answers) rather than
 * removed: removing it would make the session query start over, flash its loading state and
 * refetch for nothing.
 */
export function clearCacheForSignIn(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !sameKey(query.queryKey, userQueryKey) });
  queryClient.setQueryData(userQueryKey, null);
}

/**
 * Stores the signed-in user. A GET /api/user started while signing in (the observer refetches
 * the emptied cache) would answer 401 and overwrite the user with null, so it is cancelled first.
 */
export async function storeUser(queryClient: QueryClient, user: User): Promise<void> {
  await queryClient.cancelQueries({ queryKey: userQueryKey });
  queryClient.setQueryData(userQueryKey, user);
}

export const displayName = (user: User): string => user.name || user.username;

/** The user query retries up to 2 times, 1 s apart, and only on a 401 error. */
export const userQueryRetry = (failureCount: number, error: Error): boolean =>
  error.message.includes('401') && failureCount < 2;
export const USER_QUERY_RETRY_DELAY_MS = 1000;

/** The logout redirect waits 100 ms, so the toast is queued before the page changes. */
export const LOGOUT_REDIRECT_MS = 100;
