import { StrictMode, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@alpenkube/contract';
import { SESSION_HINT_COOKIE } from '@alpenkube/contract/session-hint';
import { CURRENCY_STORAGE_KEY, exchangeRatesQueryKey } from '@/lib/currency';
import { getQueryFn } from '@/lib/http';
import { AuthProvider } from '@/lib/session/use-auth';

/** A client with the app's defaults but no retries, so tests fail fast. */
export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

export type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers fetch calls by "METHOD path"; anything unrouted is a 404, and every call is recorded. */
export function mockFetch(routes: Record<string, Route>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    calls.push(key);
    const route = routes[key];
    return route ? route(init) : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * Gives the browser the session hint, as the server does with every session, or takes it away:
 * without it the app asks nobody for the user. The test setup takes it away after each test.
 */
export function setSessionHint(present: boolean) {
  document.cookie = present
    ? `${SESSION_HINT_COOKIE}=1; path=/`
    : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function withProviders(
  queryClient: QueryClient,
  onSignedOut: (path: string) => void = () => undefined,
) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AuthProvider onSignedOut={onSignedOut}>{children}</AuthProvider>
      </QueryClientProvider>
    );
  };
}

export const testUser = {
  id: 7,
  username: 'ann',
  email: 'ann@example.com',
  name: 'Ann Example',
  companyName: 'Example AG',
  companyId: 'BID-7F3K2Q',
  role: 'user' as const,
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  status: 'active' as const,
  organizationStatus: 'active' as const,
};

/** The exchange rates pages are rendered with: figures in dollars read as the USD amounts. */
export const testRates = {
  rates: { USD: 1, EUR: 0.9, GBP: 0.8 },
  date: '2026-03-01',
  source: 'live' as const,
};

/**
 * Renders `element` at `url` as the app runs it (strict mode, its providers, a router), with
 * prices shown in US dollars at `testRates`, `user` signed in (with the session hint; null: a
 * visitor, without it) and fetch answered by `routes`. Other paths render a marker, and the router tells where a link or a navigation led.
 */
export function renderPage(
  element: ReactNode,
  {
    url,
    path = url.split('?')[0]!,
    user = testUser,
    routes = {},
  }: { url: string; path?: string; user?: User | null; routes?: Record<string, Route> },
) {
  localStorage.setItem(CURRENCY_STORAGE_KEY, 'USD');
  setSessionHint(user !== null);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(exchangeRatesQueryKey, testRates);
  const fetch = mockFetch({
    'GET /api/user': () => (user ? json(user) : json({ message: 'Unauthorized' }, 401)),
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const Providers = withProviders(queryClient);
  const view = render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return { ...fetch, router, queryClient, view };
}
