import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './http';

/** Unused query data is kept for 30 minutes. */
export const QUERY_GC_TIME_MS = 30 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: 0,
        gcTime: QUERY_GC_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client. */
export const queryClient = createQueryClient();
