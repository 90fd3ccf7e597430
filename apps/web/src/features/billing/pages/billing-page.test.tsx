import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingSummary } from '@alpenkube/contract/billing';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setCurrency } from '@/lib/currency';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, testUser, type Route } from '@/test/test-utils';
import { billingRoutes, invoiceSummaryOf, testInvoice, testSummary } from '../test-fixtures';
import { BillingPage } from './billing-page';
import { loadForms } from '../components/lazy-forms';

// The forms' chunk is loaded once, as pointing at a dialog's trigger would.
beforeAll(() => loadForms());
beforeEach(() => clearGetCache());

function renderBilling(
  routes: Record<string, Route> = {},
  { url = '/billing', admin = false }: { url?: string; admin?: boolean } = {},
) {
  return renderPage(<BillingPage />, {
    url,
    user: admin ? { ...testUser, role: 'admin' } : testUser,
    routes: { ...billingRoutes(), ...routes },
  });
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;
const development = () => json({ displayVersion: 'dev', environment: 'development' });

describe('BillingPage', () => {
  it('shows the month’s figures, the credits, the plan, the cards, the details and the budget', async () => {
    renderBilling();
    expect(await screen.findByTestId('figure-credit')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('figure-month-to-date')).toHaveTextContent('$412.50');
    expect(screen.getByTestId('figure-forecast')).toHaveTextContent('$980.00');
    expect(screen.getByTestId('figure-forecast')).toHaveTextContent('$1.25 an hour');
    expect(screen.getByTestId('figure-open-invoices')).toHaveTextContent('1 invoice to pay');
    expect(screen.queryByTestId('billing-alert')).toBeNull();

    const credits = await screen.findByRole('table', { name: 'Credit history, newest first' });
    const [payment, proration] = within(credits).getAllByTestId('credit-row');
    expect(payment).toHaveTextContent('Payment');
    expect(payment).toHaveTextContent('−$10.00');
    expect(proration).toHaveTextContent('Unused time');
    expect(proration).toHaveTextContent('+$35.00');
    expect(proration).toHaveTextContent('$35.00');

    const basic = screen.getByLabelText('Basic: first response');
    expect(basic).toHaveTextContent('Urgentnot covered');
    expect(basic).toHaveTextContent('Normal1 day');
    expect(await screen.findByRole('listitem', { name: 'Visa ending 4242' })).toHaveTextContent(
      'Default',
    );
    expect(screen.getByTestId('test-gateway')).toHaveTextContent('no real card is charged');
    expect(await screen.findByTestId('vat-treatment')).toHaveTextContent('Reverse charge');
    expect(await screen.findByTestId('budget-amount')).toHaveTextContent('$1,000.00');
    expect(screen.getByRole('meter', { name: 'Budget spent' })).toHaveAttribute(
      'aria-valuenow',
      '41',
    );
    // The same bar as the dashboard's: a mark per alert threshold.
    expect(screen.getAllByTestId('budget-threshold').map((mark) => mark.dataset.threshold)).toEqual(
      ['50', '80', '100'],
    );
    expect(screen.getByTestId('budget-alert')).toHaveTextContent('50% reached');
    // Not in development, and not an admin: neither the dev button nor the budget's editor.
    expect(screen.queryByRole('button', { name: /Close month now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit budget' })).toBeNull();
  });

  it('converts for display by the rate, rounded down, and says invoices are in US dollars', async () => {
    renderBilling();
    await screen.findByTestId('figure-credit');
    expect(screen.queryByTestId('usd-note')).toBeNull();
    act(() => setCurrency('EUR'));
    // 2,500 cents × 0.9 and 41,250 × 0.9 = 37,125: €22.50 and €371.25.
    expect(screen.getByTestId('figure-credit')).toHaveTextContent('€22.50');
    expect(screen.getByTestId('figure-month-to-date')).toHaveTextContent('€371.25');
    expect(screen.getAllByTestId('usd-note')[0]).toHaveTextContent(
      'Shown in EUR at today’s rate, rounded down; invoices are in US dollars.',
    );
  });

  it('warns of a suspension and pays an overdue renewal now', async () => {
    const overdue = {
      ...testSummary,
      orderingSuspended: { since: '2026-03-08T00:00:00.000Z', reason: 'A renewal is unpaid.' },
      overdueRenewals: [
        {
          id: 7,
          description: 'Cluster prod-eu, April',
          amount: 45_000,
          dueAt: '2026-03-01T00:00:00.000Z',
          attempts: 4,
          nextAttemptAt: null,
          lastError: 'Your card was declined.',
        },
      ],
    };
    let summary: BillingSummary = overdue;
    const { calls } = renderBilling({
      'GET /api/billing/summary': () => json(summary),
      'POST /api/billing/renewals/7/pay': () => {
        summary = testSummary;
        return json(testSummary);
      },
    });
    const alert = await screen.findByTestId('billing-alert');
    expect(alert).toHaveTextContent('Ordering is suspended');
    expect(alert).toHaveTextContent('A renewal is unpaid.');
    expect(alert).toHaveTextContent('Cluster prod-eu, April: $450.00');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveTextContent('no more automatic attempts');
    await userEvent.click(within(alert).getByRole('button', { name: /Pay now/ }));
    await waitFor(() => expect(screen.queryByTestId('billing-alert')).toBeNull());
    expect(calls).toContain('POST /api/billing/renewals/7/pay');
  });

  it('opens an invoice from its row: lines, VAT, totals, downloads, and Pay after a failed charge', async () => {
    const paid = {
      ...testInvoice,
      status: 'paid' as const,
      paymentError: null,
      paidAt: '2026-03-02T00:00:00.000Z',
      cardCharged: 3_000,
    };
    let invoice = testInvoice;
    const { router, calls } = renderBilling({
      'GET /api/billing/invoices/9': () => json(invoice),
      'POST /api/billing/invoices/9/pay': () => {
        invoice = paid;
        return json(paid);
      },
    });
    const row = await screen.findByTestId('invoice-row');
    expect(row).toHaveTextContent('INV-2026-000009');
    expect(row).toHaveTextContent('Open');
    expect(row).toHaveTextContent('$120.00');
    expect(row).toHaveTextContent('$30.00');
    // February, whose end is the first instant of March.
    expect(row).toHaveTextContent(/Feb 1 – 28, 2026/);
    expect(within(row).getByRole('link', { name: 'INV-2026-000009 as PDF' })).toHaveAttribute(
      'href',
      '/api/billing/invoices/9/pdf',
    );
    expect(within(row).getByRole('link', { name: 'INV-2026-000009 usage as CSV' })).toHaveAttribute(
      'href',
      '/api/billing/invoices/9/usage.csv',
    );

    await userEvent.click(row);
    expect(router.state.location.search).toBe('?invoice=9');
    const dialog = await screen.findByRole('dialog', { name: /Invoice INV-2026-000009/ });
    const lines = await within(dialog).findAllByTestId('invoice-line');
    expect(lines[1]).toHaveTextContent('prod-eu: Nodes');
    expect(lines[1]).toHaveTextContent('120.5 node-hours');
    expect(within(dialog).getByLabelText('Invoice totals')).toHaveTextContent('VAT 20%$20.00');
    expect(within(dialog).getByLabelText('Invoice totals')).toHaveTextContent('Amount due$30.00');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your card was declined.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $30.00' }));
    expect(await within(dialog).findByTestId('invoice-paid')).toHaveTextContent('$30.00 by card');
    expect(calls).toContain('POST /api/billing/invoices/9/pay');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('lists a voided paid invoice with its credit note, which says where the money went', async () => {
    const voided = {
      ...testInvoice,
      status: 'void' as const,
      paymentError: null,
      voidReason: 'Billed twice',
      voidedAt: '2026-03-05T00:00:00.000Z',
      creditNote: {
        id: 4,
        number: 'CN-2026-000004',
        invoiceId: 9,
        invoiceNumber: 'INV-2026-000009',
        issuedAt: '2026-03-05T00:00:00.000Z',
        reason: 'Billed twice',
        currency: 'USD' as const,
        subtotal: 10_000,
        tax: 2_000,
        total: 12_000,
        refundTo: 'card' as const,
        credit: 1_000,
        cardRefund: 3_000,
        cardRefundStatus: 'refunded' as const,
      },
    };
    renderBilling({
      'GET /api/billing/invoices': () => json([invoiceSummaryOf(voided)]),
      'GET /api/billing/invoices/9': () => json(voided),
    });
    const row = await screen.findByTestId('invoice-row');
    expect(within(row).getByTestId('invoice-credit-note')).toHaveTextContent(
      'Credit note CN-2026-000004',
    );
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: /Invoice INV-2026-000009/ });
    const note = await within(dialog).findByRole('region', { name: 'Credit note CN-2026-000004' });
    expect(note).toHaveTextContent(
      'This invoice was voided and what it collected given back: $10.00 added to your credit balance and $30.00 refunded to the card that paid this invoice. The $80.00 prepaid with orders and renewals stays paid: those charges stand.',
    );
    expect(within(note).getByRole('link', { name: 'CN-2026-000004 as PDF' })).toHaveAttribute(
      'href',
      '/api/billing/credit-notes/4/pdf',
    );
  });

  it('in development, closes the month and shows the new invoice', async () => {
    let invoices = [] as ReturnType<typeof invoiceSummaryOf>[];
    const { calls } = renderBilling({
      'GET /api/version/summary': development,
      'GET /api/billing/invoices': () => json(invoices),
      'POST /api/dev/billing/close-month': (init) => {
        expect(bodyOf(init)).toEqual({});
        invoices = [invoiceSummaryOf(testInvoice)];
        return json({ invoices });
      },
    });
    expect(await screen.findByText(/No invoice yet/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Close month now/ }));
    expect(await screen.findByTestId('invoice-row')).toHaveTextContent('INV-2026-000009');
    expect(calls).toContain('POST /api/dev/billing/close-month');
  });

  it("takes the promo code on a support plan's order, and shows the server's refusal on it", async () => {
    const sent: unknown[] = [];
    const { router } = renderBilling({
      'PUT /api/billing/plans': (init) => {
        const body = bodyOf(init) as { promoCode?: string };
        sent.push(body);
        if (body.promoCode === 'WELCOME50') {
          const message = 'This promo code is not valid';
          return json(
            { message: `promoCode: ${message}`, issues: [{ path: ['promoCode'], message }] },
            400,
          );
        }
        return json({ id: 78, status: 'pending_payment', description: 'Support plan Business' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your support plan' });
    const code = within(dialog).getByLabelText('Promo code (optional)');
    await userEvent.type(code, 'WELCOME50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText('This promo code is not valid')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(code);
    await userEvent.type(code, 'welcome5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/78'));
    expect(sent.at(-1)).toEqual({
      plan: 'business',
      billingCycle: 'monthly',
      promoCode: 'welcome5',
    });
  });

  it('changes the support plan through an order, then goes to its payment', async () => {
    const sent: unknown[] = [];
    const { router } = renderBilling({
      'PUT /api/billing/plans': (init) => {
        sent.push(bodyOf(init));
        expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(
          /^[\da-f-]{36}-business-yearly$/,
        );
        return json({ id: 77, status: 'pending_payment', description: 'Support plan Business' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your support plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    expect(within(dialog).getByRole('radio', { name: /Business/ })).toBeChecked();
    expect(within(dialog).getByText('$4,990.00 a year')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Business: first response')).toHaveTextContent(
      'Urgent1 h',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/77'));
    expect(sent).toEqual([{ plan: 'business', billingCycle: 'yearly' }]);
  });

  it(
    'lets an admin set the budget, checked by the contract’s rules first',
    { timeout: 15_000 },
    async () => {
      const sent: unknown[] = [];
      const { calls } = renderBilling(
        {
          'PUT /api/billing/budget': (init) => {
            sent.push(bodyOf(init));
            return json({ amount: 250_050, thresholds: [75, 90], alerts: [] });
          },
        },
        { admin: true },
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Edit budget' }));
      const form = await screen.findByRole('form', { name: 'Budget' });
      const amount = within(form).getByLabelText('Monthly budget (US dollars)');
      const thresholds = within(form).getByLabelText('Alert at (% of the budget)');
      expect(amount).toHaveValue('1000');
      expect(thresholds).toHaveValue('50, 80, 100');
      await userEvent.clear(amount);
      await userEvent.type(amount, 'lots');
      await userEvent.clear(thresholds);
      await userEvent.type(thresholds, '90, 90');
      await userEvent.click(within(form).getByRole('button', { name: 'Save budget' }));
      expect(
        await within(form).findByText('Enter an amount in US dollars, e.g. 500'),
      ).toBeVisible();
      expect(within(form).getByText('Each threshold once')).toBeVisible();
      expect(calls.some((call) => call.startsWith('PUT'))).toBe(false);

      await userEvent.clear(amount);
      await userEvent.type(amount, '2,500.50');
      await userEvent.clear(thresholds);
      await userEvent.type(thresholds, '90, 75%');
      await userEvent.click(within(form).getByRole('button', { name: 'Save budget' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Budget' })).toBeNull());
      expect(sent).toEqual([{ amount: 250_050, thresholds: [75, 90] }]);
      expect(screen.getByTestId('budget-amount')).toHaveTextContent('$2,500.50');
    },
  );

  it('shows each part’s failure on its own, with a retry', async () => {
    renderBilling({
      'GET /api/billing/summary': () => json({ message: 'Billing is resting' }, 500),
      'GET /api/billing/invoices': () => json([]),
    });
    expect(await screen.findByText('The billing summary could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Billing is resting')).toBeInTheDocument();
    expect(await screen.findByText(/No invoice yet/)).toBeInTheDocument();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('$25.00');
  });
  it('redeems a credit code and reads the balance again; a refusal shows its message', async () => {
    let answer: () => Response = () =>
      json({ message: 'Your organization has already redeemed this code' }, 409);
    const { calls } = renderBilling({
      'POST /api/billing/credits/redeem': (init) => {
        expect(bodyOf(init)).toEqual({ code: 'launch-2026' });
        return answer();
      },
    });
    const input = await screen.findByLabelText('Redeem a credit code');
    await userEvent.type(input, 'launch-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(
      await screen.findByText('Your organization has already redeemed this code'),
    ).toBeInTheDocument();

    answer = () =>
      json(
        {
          id: 99,
          kind: 'code',
          amount: 5_000,
          balanceAfter: 7_500,
          description: 'Launch week credit (code LAUNCH-2026)',
          orderId: null,
          invoiceId: null,
          createdAt: '2026-11-28T10:00:00.000Z',
        },
        201,
      );
    const before = calls.filter((call) => call === 'GET /api/billing/credits').length;
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('$50.00 was added to your balance.')).toBeInTheDocument();
    expect(input).toHaveValue('');
    await waitFor(() =>
      expect(calls.filter((call) => call === 'GET /api/billing/credits').length).toBeGreaterThan(
        before,
      ),
    );
  });
});
