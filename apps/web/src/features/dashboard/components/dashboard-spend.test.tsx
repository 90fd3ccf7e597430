import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BillingSummary } from '@alpenkube/contract';
import { setCurrency } from '@/lib/currency';
import { json, renderPage, testUser } from '@/test/test-utils';
import { DashboardSpend } from './dashboard-spend';

const SUMMARY = 'GET /api/billing/summary';

const summary = (fields: Partial<BillingSummary> = {}): BillingSummary => ({
  currency: 'USD',
  creditBalance: 0,
  monthToDate: 12_345,
  forecast: 40_000,
  hourlyRunRate: 40,
  monthStart: '2026-03-01T00:00:00.000Z',
  monthEnd: '2026-04-01T00:00:00.000Z',
  nextRenewal: null,
  openInvoices: { count: 0, total: 0 },
  budget: null,
  orderingSuspended: null,
  overdueRenewals: [],
  ...fields,
});

describe('the dashboard’s spend', () => {
  it('shows the month to date and the forecast, and leads to billing and usage', async () => {
    renderPage(<DashboardSpend />, {
      url: '/dashboard',
      routes: { [SUMMARY]: () => json(summary()) },
    });
    expect(await screen.findByTestId('spend-month-to-date')).toHaveTextContent('$123.45');
    expect(screen.getByTestId('spend-forecast')).toHaveTextContent('$400.00');
    expect(screen.getByText(/^1 – 31 Mar 2026 \(UTC\)/)).toBeInTheDocument();
    expect(screen.getByTestId('spend-no-budget')).toHaveTextContent('No monthly budget set.');
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.getByRole('link', { name: /^Billing/ })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('link', { name: /Usage by day and cluster/ })).toHaveAttribute(
      'href',
      '/usage',
    );
    // In dollars, nothing is converted: no note.
    expect(screen.queryByTestId('spend-currency-note')).toBeNull();
  });

  it('draws the budget bar with its thresholds, reached ones marked', async () => {
    renderPage(<DashboardSpend />, {
      url: '/dashboard',
      routes: {
        [SUMMARY]: () => json(summary({ budget: { amount: 20_000, thresholds: [50, 80, 100] } })),
      },
    });
    const meter = await screen.findByRole('meter', { name: 'Budget spent' });
    expect(meter).toHaveAttribute('aria-valuenow', '61');
    expect(meter).toHaveAttribute(
      'aria-valuetext',
      '$123.45 of $200.00, 61%; alerts at 50%, 80%, 100%',
    );
    // The forecast (200% of the budget) stretches the bar to twice the budget: the month so far
    // (61.7%) fills under a third of it.
    expect(parseFloat(within(meter).getByTestId('budget-spent').style.width)).toBeCloseTo(30.86, 2);
    expect(within(meter).getByTestId('budget-forecast').style.width).toBe('100%');
    expect(
      within(meter)
        .getAllByTestId('budget-threshold')
        .map((mark) => [
          mark.dataset.threshold,
          mark.style.left,
          mark.className.includes('bg-foreground'),
        ]),
    ).toEqual([
      ['50', '25%', true],
      ['80', '40%', false],
      ['100', '50%', false],
    ]);
    expect(screen.getByTestId('spend-budget')).toHaveTextContent('61% spent · 200% forecast');
  });

  it('converts for display and states the invoiced dollars', async () => {
    renderPage(<DashboardSpend />, {
      url: '/dashboard',
      routes: { [SUMMARY]: () => json(summary()) },
    });
    await screen.findByTestId('spend-month-to-date');
    act(() => setCurrency('GBP'));
    // At 0.8, rounded down to the penny.
    expect(screen.getByTestId('spend-month-to-date')).toHaveTextContent('£98.76');
    expect(screen.getByTestId('spend-currency-note')).toHaveTextContent(
      'Invoices are in US dollars: $123.45 so far, $400.00 forecast.',
    );
  });

  it('offers a retry when the summary fails', async () => {
    let healthy = false;
    renderPage(<DashboardSpend />, {
      url: '/dashboard',
      routes: {
        [SUMMARY]: () => (healthy ? json(summary()) : json({ message: 'Billing is down' }, 500)),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The spend could not be loaded');
    expect(alert).toHaveTextContent('Billing is down');
    healthy = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('spend-month-to-date')).toHaveTextContent('$123.45');
  });

  it('shows nothing, and asks nothing, to a member not yet approved', async () => {
    const { calls } = renderPage(<DashboardSpend />, {
      url: '/dashboard',
      user: { ...testUser, status: 'pending_approval' },
      routes: { [SUMMARY]: () => json(summary()) },
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toContain('GET /api/user');
    expect(calls).not.toContain(SUMMARY);
    expect(screen.queryByText('Spend this month')).toBeNull();
  });
});
