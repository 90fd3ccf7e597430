import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import { OpenOrders } from '../components/open-orders';
import { order, summary } from '@/test/test-orders';
import { OrderStatusPage } from './order-status-page';
import { OrdersPage } from './orders-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }), toast }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('/orders', () => {
  it('lists the orders with number, status and total, filtered by the URL', async () => {
    const { calls } = renderPage(<OrdersPage />, {
      url: '/orders?kind=cluster&status=cancelled',
      routes: {
        'GET /api/orders?kind=cluster&status=cancelled&limit=50': () =>
          json([summary({ id: 7, status: 'cancelled', total: 12_345 })]),
      },
    });
    const row = await screen.findByRole('row', { name: /ORD-000007/ });
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).getAllByText('$123.45')).not.toHaveLength(0);
    expect(within(row).getByRole('link', { name: 'ORD-000007' })).toHaveAttribute(
      'href',
      '/order-status/7',
    );
    expect(screen.getByLabelText('Status')).toHaveValue('cancelled');
    expect(screen.getByRole('link', { name: 'Clusters' })).toHaveAttribute('aria-current', 'page');
    expect(calls).toContain('GET /api/orders?kind=cluster&status=cancelled&limit=50');
  });

  it('changes the status filter through the URL and opens an order by its row', async () => {
    const { calls, router } = renderPage(<OrdersPage />, {
      url: '/orders',
      routes: {
        'GET /api/orders?limit=50': () => json([summary({ id: 9 })]),
        'GET /api/orders?status=paid&limit=50': () => json([]),
      },
    });
    await screen.findByRole('row', { name: /ORD-000009/ });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(calls).toContain('GET /api/orders?status=paid&limit=50');
    expect(router.state.location.search).toBe('?status=paid');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    const row = await screen.findByRole('row', { name: /ORD-000009/ });
    fireEvent.click(within(row).getByText('Pending payment'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-status/9'));
  });

  it('shows older orders a page at a time, from the last id shown', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => summary({ id: from - i }));
    const { calls } = renderPage(<OrdersPage />, {
      url: '/orders',
      routes: {
        'GET /api/orders?limit=50': () => json(page(120, 50)),
        'GET /api/orders?limit=50&before=71': () => json(page(70, 3)),
      },
    });
    expect(await screen.findAllByTestId('order-row')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(53));
    expect(calls).toContain('GET /api/orders?limit=50&before=71');
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
  });

  it('points to the wizard when the organization has no order yet', async () => {
    renderPage(<OrdersPage />, {
      url: '/orders',
      routes: { 'GET /api/orders?limit=50': () => json([]) },
    });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Configure a new cluster/ })).toHaveAttribute(
      'href',
      '/configure-cluster',
    );
  });
});

describe('/order-status/:id', () => {
  it('shows the order, its amounts and timeline, and cancels it after confirmation', async () => {
    let current = order({
      discount: 2_250,
      promoCode: 'WELCOME5',
      total: 42_750,
      amountDue: 42_750,
    });
    const { calls } = renderPage(<OrderStatusPage />, {
      url: '/order-status/42',
      path: '/order-status/:id',
      routes: {
        'GET /api/orders/42': () => json(current),
        'POST /api/orders/42/cancel': () => {
          current = {
            ...current,
            status: 'cancelled',
            timeline: [
              ...current.timeline,
              { status: 'cancelled', note: null, at: '2026-03-01T11:00:00.000Z' },
            ],
          };
          return json(current);
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Order ORD-000042/ }),
    ).toBeInTheDocument();
    const totals = screen.getByLabelText('Order totals');
    expect(totals).toHaveTextContent('Promo discount (WELCOME5)');
    expect(totals).toHaveTextContent('Amount due$427.50');
    expect(screen.getByText('prod-eu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Complete payment/ })).toHaveAttribute(
      'href',
      '/configure-cluster?order=42',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order ORD-000042?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(calls).toContain('POST /api/orders/42/cancel'));
    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    await within(timeline).findByText('Cancelled');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Order cancelled' }));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('sends an unpaid add-on or product order to the plain checkout, not to the wizard', async () => {
    renderPage(<OrderStatusPage />, {
      url: '/order-status/43',
      path: '/order-status/:id',
      routes: {
        'GET /api/orders/43': () =>
          json(order({ id: 43, number: 'ORD-000043', kind: 'addon', cluster: null })),
      },
    });
    expect(await screen.findByRole('link', { name: /Complete payment/ })).toHaveAttribute(
      'href',
      '/checkout/43',
    );
  });

  it('shows a refused cancellation (409) as a destructive toast with its message', async () => {
    renderPage(<OrderStatusPage />, {
      url: '/order-status/42',
      path: '/order-status/:id',
      routes: {
        'GET /api/orders/42': () => json(order()),
        'POST /api/orders/42/cancel': () =>
          json(
            {
              message:
                'Order ORD-000042 is paid: only an order waiting for payment can be cancelled.',
            },
            409,
          ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: 'destructive',
          description:
            'Order ORD-000042 is paid: only an order waiting for payment can be cancelled.',
        }),
      ),
    );
  });

  it('says plainly when the order is not this organization’s or does not exist', async () => {
    renderPage(<OrderStatusPage />, {
      url: '/order-status/999',
      path: '/order-status/:id',
      routes: {
        'GET /api/orders/999': () => json({ message: 'Order not found' }, 404),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders');
  });

  it('does not ask the server about an id that is not a number', async () => {
    const { calls } = renderPage(<OrderStatusPage />, {
      url: '/order-status/abc',
      path: '/order-status/:id',
      routes: {},
    });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(calls.filter((call) => call.includes('/api/orders'))).toEqual([]);
  });
});

describe('the open orders card', () => {
  it('merges the three open statuses, newest first, and shows five', async () => {
    const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
    const { calls } = renderPage(<OpenOrders />, {
      url: '/dashboard',
      routes: {
        'GET /api/orders?status=pending_payment&limit=5': () =>
          json([summary({ id: 6, createdAt: at(6) }), summary({ id: 1, createdAt: at(1) })]),
        'GET /api/orders?status=paid&limit=5': () =>
          json([summary({ id: 5, status: 'paid', createdAt: at(5) })]),
        'GET /api/orders?status=fulfilling&limit=5': () =>
          json([4, 3, 2].map((id) => summary({ id, status: 'fulfilling', createdAt: at(id) }))),
      },
    });
    const list = await screen.findByRole('list', { name: 'Open orders' });
    expect(
      within(list)
        .getAllByTestId('open-order')
        .map((item) => item.dataset.orderNumber),
    ).toEqual(['ORD-000006', 'ORD-000005', 'ORD-000004', 'ORD-000003', 'ORD-000002']);
    expect(screen.getByText(/The newest 5 are shown/)).toBeInTheDocument();
    expect(calls.filter((call) => call === 'GET /api/orders')).toEqual([]);
  });
});
