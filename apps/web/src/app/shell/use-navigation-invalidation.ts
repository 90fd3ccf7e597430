import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '@alpenkube/contract/endpoints';
import { isUnder } from '@/lib/http';

/**
 * What every route change marks stale: the sidebar counts and the billing figures everywhere,
 * payment methods and invoices on the billing pages, usage on the usage pages. A key covers the
 * queries of its path with a query string or below it (`/api/usage?from=…`,
 * `/api/billing/invoices/7`).
 */
export const ALWAYS_INVALIDATED = [
  endpoints.platform.sidebarCounts.path(),
  '/api/billing/credits',
  '/api/billing/summary',
  '/api/billing/plans',
] as const;
export const BILLING_INVALIDATED = [
  '/api/billing/payment-methods',
  '/api/billing/invoices',
] as const;
export const USAGE_INVALIDATED = ['/api/usage'] as const;

export function keysToInvalidate(pathname: string): string[] {
  const keys: string[] = [...ALWAYS_INVALIDATED];
  if (pathname.startsWith('/billing')) keys.push(...BILLING_INVALIDATED);
  if (pathname.startsWith('/usage')) keys.push(...USAGE_INVALIDATED);
  return keys;
}

export function invalidateForNavigation(queryClient: QueryClient, pathname: string) {
  const keys = keysToInvalidate(pathname);
  void queryClient.invalidateQueries({
    predicate: (query) => keys.some((key) => isUnder(query.queryKey, key)),
  });
}

export function useNavigationInvalidation() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    invalidateForNavigation(queryClient, pathname);
  }, [queryClient, pathname]);
}
