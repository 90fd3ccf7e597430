import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, type Route } from '@/test/test-utils';
import { order } from '@/test/test-orders';
import { PaymentSuccessPage } from './payment-success-page';

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

const challenged: Order = order({
  payment: {
    status: 'requires_action',
    cardAmount: 45_000,
    creditAmount: 0,
    card: { brand: 'Visa', last4: '3220' },
    challengeUrl: '/gateway/challenge/abc',
    failureMessage: null,
  },
});

const open = (url: string, routes: Record<string, Route>) =>
  renderPage(<PaymentSuccessPage />, { url, path: '/payment-success', routes });

describe('/payment-success', () => {
  it('finishes a challenged payment with one call, then shows the order and what happens next', async () => {
    const paid = order({
      status: 'fulfilling',
      paidAt: '2026-03-01T10:05:00.000Z',
      clusterId: 7,
    });
    const { calls } = open('/payment-success?order=42', {
      'GET /api/orders/42': () => json(challenged),
      'POST /api/orders/42/pay': () => json({ status: 'paid', order: paid, challengeUrl: null }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ORD-000042')).toBeInTheDocument();
    expect(screen.getByTestId('paid-total')).toHaveTextContent('$450.00');
    expect(
      screen.getByText(
        'Your cluster is ordered: provisioning starts shortly; you will be notified.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order status' })).toHaveAttribute(
      'href',
      '/order-status/42',
    );
    expect(screen.getByRole('link', { name: 'Watch it being built' })).toHaveAttribute(
      'href',
      '/cluster-provisioning?cluster=7',
    );
    // Strict mode renders twice; the payment is still asked for once.
    expect(calls.filter((call) => call === 'POST /api/orders/42/pay')).toHaveLength(1);
  });

  it('shows a paid order without paying', async () => {
    const { calls } = open('/payment-success?order=42', {
      'GET /api/orders/42': () => json(order({ status: 'fulfilling' })),
    });
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('shows a decline (402) with a link to try another card', async () => {
    open('/payment-success?order=42', {
      'GET /api/orders/42': () => json(challenged),
      'POST /api/orders/42/pay': () =>
        json({ message: 'Your card was declined: the confirmation failed.' }, 402),
    });
    expect(await screen.findByRole('heading', { name: 'Payment declined' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your card was declined: the confirmation failed.',
    );
    expect(screen.getByRole('link', { name: /Try another card/ })).toHaveAttribute(
      'href',
      '/configure-cluster?order=42',
    );
  });

  it('says what is missing without ?order, and for an order of another organization', async () => {
    const { calls } = open('/payment-success', {});
    expect(await screen.findByRole('heading', { name: 'No order to show' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders');
    await waitFor(() => expect(calls.filter((call) => call.includes('/api/orders'))).toEqual([]));
  });

  it('says the order is not found when the server answers 404', async () => {
    open('/payment-success?order=999', {
      'GET /api/orders/999': () => json({ message: 'Order not found' }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
