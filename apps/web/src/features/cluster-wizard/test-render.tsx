import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import type { User } from '@alpenkube/contract';
import { CURRENCY_STORAGE_KEY, exchangeRatesQueryKey } from '@/lib/currency';
import {
  createTestQueryClient,
  json,
  mockFetch,
  testUser,
  withProviders,
  type Route,
} from '@/test/test-utils';
import { ClusterWizard } from './components/cluster-wizard';
import { testCatalog } from './test-catalog';

function WizardRoute({ onPaid }: { onPaid: () => void }) {
  const [search] = useSearchParams();
  const order = Number(search.get('order')) || null;
  return (
    <ClusterWizard
      orderId={order}
      renderCheckout={({ orderId, onPaid: paid }) => (
        <div data-testid="checkout">
          Checkout of order {orderId}
          <button
            type="button"
            onClick={() => {
              paid();
              onPaid();
            }}
          >
            Pretend it is paid
          </button>
        </div>
      )}
    />
  );
}

/**
 * The wizard at `url` with the test catalog, a signed-in user (who may order unless told
 * otherwise), prices in US dollars, and fetch answered by `routes`.
 */
export function renderWizard({
  url = '/configure-cluster',
  user = testUser,
  routes = {},
  onPaid = () => undefined,
}: {
  url?: string;
  user?: User;
  routes?: Record<string, Route>;
  onPaid?: () => void;
} = {}) {
  localStorage.setItem(CURRENCY_STORAGE_KEY, 'USD');
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(exchangeRatesQueryKey, {
    rates: { USD: 1, EUR: 0.9, GBP: 0.8 },
    date: '2026-03-01',
    source: 'live',
  });
  const fetch = mockFetch({
    'GET /api/user': () => json(user),
    'GET /api/catalog': () => json(testCatalog),
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path: '/configure-cluster', element: <WizardRoute onPaid={onPaid} /> },
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

/** The step heading, once the catalog has loaded. */
export const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

export async function next() {
  await userEvent.click(screen.getByRole('button', { name: /^Next:/ }));
}

export async function back() {
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
}
