import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** Section 4 Navigation and section 7: what every route change marks stale. */
export const ALWAYS_INVALIDATED = [
  '/api/sidebar-counts',
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
  for (const key of keysToInvalidate(pathname)) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

export function useNavigationInvalidation() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    invalidateForNavigation(queryClient, pathname);
  }, [queryClient, pathname]);
}
