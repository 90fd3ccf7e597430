import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@alpenkube/contract';

export const userQueryKey = ['/api/user'] as const;

/** The data a signed-out browser must not keep (section 4): user, notifications, orders, billing, clusters. */
const privatePrefixes = [
  '/api/user',
  '/api/notifications',
  '/api/orders',
  '/api/billing',
  '/api/clusters',
  '/api/my-clusters',
  '/api/sidebar-counts',
  '/api/usage',
];

export function isPrivateQueryKey(queryKey: readonly unknown[]): boolean {
  const [head] = queryKey;
  return typeof head === 'string' && privatePrefixes.some((prefix) => head.startsWith(prefix));
}

/**
 * The user entry stays, as null: removing it would restart the session query, and the protected
 * route would then save the page being left as the next sign-in target after storage was cleared.
 */
export function clearSignedOutData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== userQueryKey[0] && isPrivateQueryKey(query.queryKey),
  });
  queryClient.setQueryData(userQueryKey, null);
}

/**
 * Section 4: signing in clears every cached query first. The user entry itself is kept as null
 * (signed out, still true until the server answers) rather than removed: removing it would make
 * the session query start over, flash its loading state and refetch for nothing.
 */
export function clearCacheForSignIn(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
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

/** Section 4: the user query retries up to 2 times, 1 s apart, only on a 401 error. */
export const userQueryRetry = (failureCount: number, error: Error): boolean =>
  error.message.includes('401') && failureCount < 2;
export const USER_QUERY_RETRY_DELAY_MS = 1000;

/** Section 9: the logout redirect waits 100 ms so the toast is queued before the page unloads. */
export const LOGOUT_REDIRECT_MS = 100;
