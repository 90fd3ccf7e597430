import { StrictMode, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CURRENCY_STORAGE_KEY, exchangeRateUrl } from '@/lib/currency';
import {
  createTestQueryClient,
  json,
  mockFetch,
  testUser,
  withProviders,
  type Route,
} from '@/test/test-utils';

/**
 * Renders a page of the feature at `url` under the app's providers (strict mode, as in the app),
 * with fetch answered by `routes`, the signed-in test user and prices shown in US dollars. Other
 * paths render a marker, and the router tells where a link or a navigation led.
 */
export function renderAt(
  url: string,
  pattern: string,
  page: ReactNode,
  routes: Record<string, Route>,
) {
  localStorage.setItem(CURRENCY_STORAGE_KEY, 'USD');
  const queryClient = createTestQueryClient();
  const fetch = mockFetch({
    'GET /api/user': () => json(testUser),
    [`GET ${exchangeRateUrl()}`]: () => json({ date: '2026-03-01', rates: { EUR: 0.9, GBP: 0.8 } }),
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path: pattern, element: page },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const Providers = withProviders(queryClient);
  render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return { queryClient, router, ...fetch };
}
