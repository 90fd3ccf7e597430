import { useQuery } from '@tanstack/react-query';

/** Section 9: the officers-access check is cached 5 minutes. */
export const OFFICERS_ACCESS_STALE_MS = 5 * 60 * 1000;
export const officersAccessKey = ['/api/officers/check-access'] as const;

/** True only when signed in and GET /api/officers/check-access answers true; never retried. */
export function useOfficersAccess(signedIn: boolean) {
  const query = useQuery<boolean>({
    queryKey: officersAccessKey,
    enabled: signedIn,
    retry: false,
    staleTime: OFFICERS_ACCESS_STALE_MS,
  });
  return signedIn && query.data === true;
}
