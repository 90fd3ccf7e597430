import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cluster, ClusterHaQuote } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { order } from '@/test/test-orders';
import { json, renderPage, type Route } from '@/test/test-utils';
import { cluster } from '../test-clusters';
import { ClusterPage } from '../pages/cluster-page';

beforeEach(() => clearGetCache());

const quote = (overrides: Partial<ClusterHaQuote> = {}): ClusterHaQuote => ({
  clusterId: 42,
  clusterName: 'prod-eu',
  haControlPlane: false,
  refusal: null,
  billingCycle: 'monthly',
  periodPrice: 14400,
  orderPrice: 2000,
  periodEnd: '2026-12-23T10:00:00.000Z',
  hoursLeft: 100,
  periodHours: 720,
  openOrderId: null,
  ...overrides,
});

function renderCluster(current: Cluster, routes: Record<string, Route> = {}) {
  return renderPage(<ClusterPage />, {
    url: `/clusters/${current.id}`,
    path: '/clusters/:id',
    routes: {
      'GET /api/catalog': () => json(TEST_CATALOG),
      [`GET /api/clusters/${current.id}`]: () => json(current),
      [`GET /api/clusters/${current.id}/events`]: () => json([]),
      [`GET /api/clusters/${current.id}/high-availability`]: () => json(quote()),
      ...routes,
    },
  });
}

const overview = async () => screen.findByLabelText('Cluster overview');

describe('making a control plane highly available', () => {
  it('quotes the difference from the server, then goes to the checkout of the new order', async () => {
    let sent: RequestInit | undefined;
    const { router } = renderCluster(cluster(), {
      'POST /api/clusters/42/high-availability': (init) => {
        sent = init;
        return json(order({ id: 91, kind: 'high_availability' }), 201);
      },
    });
    const facts = await overview();
    expect(within(facts).getByText('Single zone')).toBeInTheDocument();
    fireEvent.click(await within(facts).findByRole('button', { name: 'Make highly available' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make prod-eu highly available' });
    expect(await within(dialog).findByTestId('ha-price')).toHaveTextContent('$20.00');
    expect(within(dialog).getByTestId('ha-quote')).toHaveTextContent(
      'A highly available control plane costs $144.00 a month on prod-eu. You pay for the 100 hours left of its 720-hour period',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/91'));
    expect(JSON.parse(String(sent!.body))).toEqual({});
    expect(new Headers(sent!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}-42$/);
  });

  it('shows the server’s refusal and offers no payment', async () => {
    const refusal =
      'Order ORD-000012 to make prod-eu highly available is still open: pay or cancel it.';
    renderCluster(cluster(), {
      'GET /api/clusters/42/high-availability': () => json(quote({ refusal, openOrderId: 12 })),
    });
    fireEvent.click(
      await within(await overview()).findByRole('button', { name: 'Make highly available' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make prod-eu highly available' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  });

  it('is not offered on a cluster already HA, one not running, or a tier without HA', async () => {
    const cases = [
      cluster({ haControlPlane: true }),
      cluster({ status: 'updating' }),
      cluster({ tier: { slug: 'green', name: 'Economy (Green)' } }),
    ];
    const basic = TEST_CATALOG.supportPlans.find((plan) => plan.slug === 'basic')!.name;
    for (const current of cases) {
      clearGetCache();
      renderCluster(current);
      const facts = await overview();
      // The catalog has come (the plan's name is its): what the button depends on is known.
      await within(facts).findByText(basic);
      expect(within(facts).queryByRole('button', { name: 'Make highly available' })).toBeNull();
      cleanup();
    }
  });
});
