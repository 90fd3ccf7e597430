import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';

/** The officers-access check is cached 5 minutes. */
export const OFFICERS_ACCESS_STALE_MS = 5 * 60 * 1000;
export const officersAccessKey = queryKeyOf(endpoints.platform.officersAccess);

export const officersAccessQuery = () =>
  queryOptions<boolean>({
    queryKey: officersAccessKey,
    retry: false,
    staleTime: OFFICERS_ACCESS_STALE_MS,
  });
