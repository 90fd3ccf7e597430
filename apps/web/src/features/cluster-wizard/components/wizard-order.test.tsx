import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, testUser } from '@/test/test-utils';
import { next, renderWizard, stepHeading } from '../test-render';
import { initialValues, newDraft, readDraft, writeDraft } from '../wizard-draft';

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

const order = (id: number, status = 'pending_payment') => ({
  id,
  number: `ORD-${String(id).padStart(6, '0')}`,
  status,
});

interface Sent {
  key: string | undefined;
  body: Record<string, unknown>;
}

/** Answers POST /api/orders with `answer(n)` for the n-th call, recording key and body. */
function ordersRoute(answer: (call: number) => Response) {
  const sent: Sent[] = [];
  const route = (init: RequestInit | undefined) => {
    const headers = init?.headers as Record<string, string>;
    sent.push({ key: headers['Idempotency-Key'], body: JSON.parse(String(init?.body)) });
    return answer(sent.length);
  };
  return { sent, route };
}

async function toReview() {
  await stepHeading('Cluster tier');
  for (let step = 0; step < 5; step++) await next();
  await stepHeading('Review and order');
}

const placeButton = () => screen.getByRole('button', { name: /Place order and pay/ });

// Whole journeys through the steps: clicks and typing add up to seconds on a busy machine.
describe('ClusterWizard ordering', { timeout: 20_000 }, () => {
  it('names the cluster, places the order once per draft, and hands it to the checkout', async () => {
    const orders = ordersRoute((call) =>
      call === 1 ? json({ message: 'Database unavailable' }, 503) : json(order(42), 201),
    );
    const onPaid = vi.fn();
    renderWizard({ routes: { 'POST /api/orders': orders.route }, onPaid });
    await toReview();

    await userEvent.click(placeButton());
    expect(await screen.findByText('Give the cluster a name')).toBeInTheDocument();
    expect(screen.getByLabelText('Cluster name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Cluster name'), 'Prod_EU');
    await userEvent.click(placeButton());
    expect(
      await screen.findByText(
        'Lowercase letters, digits and hyphens, starting and ending with a letter or digit',
      ),
    ).toBeInTheDocument();
    expect(orders.sent).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Cluster name'));
    await userEvent.type(screen.getByLabelText('Cluster name'), 'prod-eu');
    await userEvent.type(screen.getByLabelText('Promo code (optional)'), ' welcome5 ');
    await userEvent.click(placeButton());
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(placeButton());
    await screen.findByTestId('checkout');
    expect(screen.getByTestId('checkout')).toHaveTextContent('Checkout of order 42');

    // The retry after a failure sends the same key: the server answers one order.
    expect(orders.sent).toHaveLength(2);
    expect(orders.sent[0]!.key).toBe(orders.sent[1]!.key);
    expect(orders.sent[1]!.key).toBe(readDraft()!.idempotencyKey);
    expect(orders.sent[1]!.body).toEqual({
      kind: 'cluster',
      cluster: {
        tier: 'blue',
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        nodePools: [{ name: 'pool-1', size: 's-2vcpu-4gb', count: 3 }],
        haControlPlane: false,
        addons: [],
        supportPlan: 'basic',
        name: 'prod-eu',
      },
      billingCycle: 'monthly',
      promoCode: 'welcome5',
    });
    expect(readDraft()!.placed).toMatchObject({ orderId: 42, number: 'ORD-000042' });
    expect(await stepHeading('Payment')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Pretend it is paid' }));
    expect(onPaid).toHaveBeenCalled();
    expect(readDraft()).toBeNull();
  });

  it('replaces an order placed before when the answers change, with a new key', async () => {
    const orders = ordersRoute((call) => json(order(40 + call), 201));
    const cancelled: string[] = [];
    renderWizard({
      routes: {
        'POST /api/orders': orders.route,
        'GET /api/orders/41': () => json(order(41)),
        'POST /api/orders/41/cancel': () => {
          cancelled.push('41');
          return json(order(41, 'cancelled'));
        },
      },
    });
    await toReview();
    await userEvent.type(screen.getByLabelText('Cluster name'), 'prod-eu');
    await userEvent.click(placeButton());
    await screen.findByTestId('checkout');
    await userEvent.click(screen.getByRole('button', { name: 'Back to the review' }));
    await stepHeading('Review and order');
    expect(screen.queryByText(/Placing the order again cancels/)).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByText(/Placing the order again cancels ORD-000041/)).toBeInTheDocument();
    await userEvent.click(placeButton());
    await screen.findByTestId('checkout');
    expect(screen.getByTestId('checkout')).toHaveTextContent('Checkout of order 42');
    expect(cancelled).toEqual(['41']);
    expect(orders.sent[1]!.key).not.toBe(orders.sent[0]!.key);
    expect(orders.sent[1]!.body.billingCycle).toBe('yearly');
  });

  it("opens the step a 400 names and shows a 409's message under its field", async () => {
    let answer = () =>
      json(
        {
          message: 'cluster.nodePools.0.count: Standard (Blue) takes at most 50 nodes',
          issues: [
            {
              path: ['cluster', 'nodePools', 0, 'count'],
              message: 'Standard (Blue) takes at most 50 nodes',
            },
          ],
        },
        400,
      );
    renderWizard({ routes: { 'POST /api/orders': () => answer() } });
    await toReview();
    await userEvent.type(screen.getByLabelText('Cluster name'), 'prod-eu');
    await userEvent.click(placeButton());
    await stepHeading('Node pools');
    expect(await screen.findByText('Standard (Blue) takes at most 50 nodes')).toBeInTheDocument();
    expect(screen.getByLabelText('Nodes')).toHaveAttribute('aria-invalid', 'true');

    const message =
      'Your organization has already used the promo code WELCOME5: it takes 5% off the first order only.';
    answer = () => json({ message, issues: [{ path: ['promoCode'], message }] }, 409);
    await userEvent.click(screen.getByRole('button', { name: /Review and order/ }));
    await stepHeading('Review and order');
    await userEvent.type(screen.getByLabelText('Promo code (optional)'), 'WELCOME5');
    await userEvent.click(placeButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Promo code (optional)')).toHaveAttribute('aria-invalid', 'true');

    const taken =
      'An open order of your organization already claims the name prod-eu: choose another name.';
    answer = () =>
      json(
        {
          message: taken,
          issues: [{ path: ['cluster', 'name'], message: 'The name prod-eu is taken' }],
        },
        409,
      );
    await userEvent.clear(screen.getByLabelText('Promo code (optional)'));
    await userEvent.click(placeButton());
    expect(await screen.findByText('The name prod-eu is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Cluster name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(taken)).toBeInTheDocument();
  });

  it('says before the review why this user cannot order, and does not let them', async () => {
    renderWizard({ user: { ...testUser, organizationStatus: 'pending_approval' } });
    await stepHeading('Cluster tier');
    expect(
      await screen.findByText('Your organization is waiting for approval by our team.'),
    ).toBeInTheDocument();
    for (let step = 0; step < 5; step++) await next();
    await stepHeading('Review and order');
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveAccessibleDescription(
      'You cannot order yet: Your organization is waiting for approval by our team.',
    );

    cleanup();
    renderWizard({ user: { ...testUser, emailVerified: false } });
    expect(
      await screen.findByText('Verify your e-mail address before ordering.'),
    ).toBeInTheDocument();
  });

  it('starts afresh when the order of the draft was paid meanwhile', async () => {
    writeDraft({
      ...newDraft(initialValues(TEST_CATALOG, { tier: 'green' }, 'monthly')),
      step: 'checkout',
      reached: 6,
      placed: { orderId: 7, number: 'ORD-000007', fingerprint: 'x' },
    });
    renderWizard({ routes: { 'GET /api/orders/7': () => json(order(7, 'fulfilling')) } });
    expect(
      await screen.findByText('Order ORD-000007 is paid, so this is a new configuration.'),
    ).toBeInTheDocument();
    await stepHeading('Cluster tier');
    expect(screen.getByRole('radio', { name: /Standard \(Blue\)/ })).toBeChecked();
    await waitFor(() => expect(readDraft()!.placed).toBeNull());
  });

  it('opens an order placed earlier at its payment with ?order=', async () => {
    renderWizard({ url: '/configure-cluster?order=5' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete payment' }),
    ).toBeVisible();
    expect(within(screen.getByTestId('checkout')).getByText(/order 5/)).toBeInTheDocument();
  });
});
