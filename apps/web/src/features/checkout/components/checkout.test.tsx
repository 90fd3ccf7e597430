import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, type Route } from '@/test/test-utils';
import { savedCard, testGateway, testOrder } from '../test-fixtures';
import { Checkout } from './checkout';

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

function renderCheckout(routes: Record<string, Route>, onPaid = vi.fn()) {
  const page = renderPage(<Checkout orderId={5} onPaid={onPaid} />, {
    url: '/configure-cluster',
    routes: {
      'GET /api/orders/5': () => json(testOrder),
      'GET /api/billing/gateway': () => json(testGateway),
      'GET /api/billing/payment-methods': () => json([]),
      'GET /api/billing/credits': () => json({ currency: 'USD', balance: 0 }),
      ...routes,
    },
  });
  return { ...page, onPaid };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;
const payButton = () => screen.getByRole('button', { name: /^Pay / });

async function fillCard(number: string, expiry = '12/34', cvc = '123') {
  const form = screen.getByRole('form', { name: 'Payment' });
  const field = (label: string) => within(form).getByLabelText(label);
  await userEvent.clear(field('Card number'));
  if (number) await userEvent.type(field('Card number'), number);
  await userEvent.clear(field('Expiry (MM/YY)'));
  if (expiry) await userEvent.type(field('Expiry (MM/YY)'), expiry);
  await userEvent.clear(field('Security code (CVC)'));
  if (cvc) await userEvent.type(field('Security code (CVC)'), cvc);
}

describe('Checkout', () => {
  it("shows the order's lines and totals, the test gateway, and its test cards", async () => {
    renderCheckout({});
    const summary = await screen.findByRole('complementary', { name: 'Order ORD-000005' });
    expect(within(summary).getByText('Node pool workers: s-2vcpu-4gb')).toBeInTheDocument();
    expect(within(summary).getByText('3 × $48.00')).toBeInTheDocument();
    expect(within(summary).getByText('−$10.80')).toBeInTheDocument();
    // The total, and the same due now: there is no credit.
    expect(within(summary).getAllByText('$205.20')).toHaveLength(2);
    expect(screen.getByText('Test gateway: no real card is charged')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Test cards' }));
    expect(cards.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    await userEvent.click(
      cards.getByRole('button', { name: 'Use the test card 4242 4242 4242 4242' }),
    );
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  });

  it('checks the card before sending it anywhere', async () => {
    const { calls } = renderCheckout({});
    await screen.findByLabelText('Card number');
    await userEvent.click(payButton());
    expect(await screen.findByText('Enter the card number: 12 to 19 digits')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3 or 4 digits on the back of the card')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveFocus();

    await fillCard('4242 4242 4242 4241', '13/30');
    await userEvent.click(payButton());
    expect(
      await screen.findByText('This card number is not valid: check the digits'),
    ).toBeInTheDocument();
    expect(screen.getByText('Month 1 to 12')).toBeInTheDocument();

    await fillCard('4242 4242 4242 4242', '01/20');
    await userEvent.click(payButton());
    expect(await screen.findByText('This card has expired')).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('sends the card to the gateway only, saves the token, pays, and goes to the result page', async () => {
    const sent: Record<string, unknown> = {};
    const paid = { ...testOrder, status: 'fulfilling' as const };
    const { calls, router, onPaid } = renderCheckout({
      'POST /test-gateway/v1/tokens': (init) => {
        sent.token = bodyOf(init);
        expect(init?.credentials).toBe('omit');
        return json(
          { id: 'tok_1', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 },
          201,
        );
      },
      'POST /api/billing/payment-methods': (init) => {
        sent.method = bodyOf(init);
        return json({ ...savedCard, id: 12, expYear: 2034 }, 201);
      },
      'POST /api/orders/5/pay': (init) => {
        sent.pay = bodyOf(init);
        return json({ status: 'paid', order: paid, challengeUrl: null });
      },
    });
    await screen.findByLabelText('Card number');
    await fillCard('4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Name on the card (optional)'), 'Ann Example');
    await userEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    expect(router.state.location.search).toBe('?order=5');
    expect(onPaid).toHaveBeenCalled();
    expect(sent.token).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      name: 'Ann Example',
    });
    expect(sent.method).toEqual({ token: 'tok_1' });
    expect(sent.pay).toEqual({ paymentMethodId: 12, returnPath: '/payment-success?order=5' });
    // The card number never goes to the platform's API.
    expect(calls.filter((call) => call.includes('/api/')).join()).not.toContain('4242424242424242');
  });

  it('shows a decline in the form and lets another card pay', async () => {
    let pay = () => json({ message: 'Your card was declined.' }, 402);
    const { router } = renderCheckout({
      'GET /api/billing/payment-methods': () => json([savedCard]),
      'POST /api/orders/5/pay': () => pay(),
      'POST /test-gateway/v1/tokens': () =>
        json({ id: 'tok_2', brand: 'Mastercard', last4: '4444', expMonth: 1, expYear: 2035 }, 201),
      'POST /api/billing/payment-methods': () =>
        json({ ...savedCard, id: 13, brand: 'Mastercard', last4: '4444', isDefault: false }, 201),
    });
    expect(await screen.findByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.click(payButton());
    expect(
      await screen.findByText(/Your card was declined\. Choose another card/),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/configure-cluster');

    await userEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    expect(screen.queryByText(/Choose another card/)).toBeNull();
    await fillCard('5555 5555 5555 4444');
    pay = () =>
      json({ status: 'paid', order: { ...testOrder, status: 'fulfilling' }, challengeUrl: null });
    await userEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
  });

  it('says when the promo code went to an order paid first, and shows the new price to pay', async () => {
    let current = testOrder;
    const message =
      'Order ORD-000004 was paid first, and the promo code WELCOME5 takes 5% off an organization’s first paid order only. This order now costs $216.00 without it; nothing was charged. Pay again to pay $216.00.';
    renderCheckout({
      'GET /api/orders/5': () => json(current),
      'GET /api/billing/payment-methods': () => json([savedCard]),
      'POST /api/orders/5/pay': () => {
        current = { ...testOrder, promoCode: null, discount: 0, total: 21600, amountDue: 21600 };
        return json({ message }, 409);
      },
    });
    expect(await screen.findByTestId('checkout-promo-rule')).toHaveTextContent(
      'The promo code goes to your organization’s first paid order',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $205.20' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $216.00' })).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-discount')).toBeNull();
  });

  it("goes to the gateway's challenge page when the card asks for one", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderCheckout({
      'GET /api/billing/payment-methods': () => json([savedCard]),
      'POST /api/orders/5/pay': () =>
        json({
          status: 'requires_action',
          order: testOrder,
          challengeUrl: '/test-gateway/v1/challenge/ch_1',
        }),
    });
    await screen.findByRole('radio', { name: /Visa ending 4242/ });
    await userEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/test-gateway/v1/challenge/ch_1'));
  });

  it('takes the credit balance first', async () => {
    renderCheckout({ 'GET /api/billing/credits': () => json({ currency: 'USD', balance: 5000 }) });
    const summary = await screen.findByRole('complementary', { name: 'Order ORD-000005' });
    expect(within(summary).getByText('Credit balance, applied first')).toBeInTheDocument();
    expect(within(summary).getByText('−$50.00')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $155.20');
  });

  it('pays with credit alone, and no card, when the balance covers the order', async () => {
    const sent: unknown[] = [];
    const { router } = renderCheckout({
      'GET /api/billing/credits': () => json({ currency: 'USD', balance: 30000 }),
      'POST /api/orders/5/pay': (init) => {
        sent.push(bodyOf(init));
        return json({
          status: 'paid',
          order: { ...testOrder, status: 'fulfilling' },
          challengeUrl: null,
        });
      },
    });
    expect(await screen.findByText('Your credit balance pays this order in full.')).toBeVisible();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay with credit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    expect(sent).toEqual([{ returnPath: '/payment-success?order=5' }]);
  });

  it('says so when the order is no longer waiting for payment', async () => {
    renderCheckout({ 'GET /api/orders/5': () => json({ ...testOrder, status: 'fulfilling' }) });
    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the order’s status' })).toHaveAttribute(
      'href',
      '/order-status/5',
    );
  });
});
