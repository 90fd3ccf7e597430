import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import type { User } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { json, renderPage, testUser, type Route } from '@/test/test-utils';
import { ClusterWizard } from './components/cluster-wizard';

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
 * The wizard at `url` with the contract's test catalog, a signed-in user (who may order unless
 * told otherwise), and fetch answered by `routes`.
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
  return renderPage(<WizardRoute onPaid={onPaid} />, {
    url,
    path: '/configure-cluster',
    user,
    routes: { 'GET /api/catalog': () => json(TEST_CATALOG), ...routes },
  });
}

/** The step heading, once the catalog has loaded. */
export const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

export async function next() {
  await userEvent.click(screen.getByRole('button', { name: /^Next:/ }));
}

export async function back() {
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
}
