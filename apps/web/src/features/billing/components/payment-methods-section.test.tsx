import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@alpenkube/contract/payments';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/components/ui/use-toast';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, testUser, type Route } from '@/test/test-utils';
import { testCard, testGateway } from '../test-fixtures';
import { PaymentMethodsSection } from './payment-methods-section';
import { loadForms } from './lazy-forms';

// The forms' chunk is loaded once, as pointing at a dialog's trigger would.
beforeAll(() => loadForms());
beforeEach(() => {
  clearGetCache();
  resetToastsForTests();
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;
const mastercard: PaymentMethod = {
  ...testCard,
  id: 12,
  brand: 'Mastercard',
  last4: '4444',
  isDefault: false,
};

/** The section over a server that keeps the cards in `methods`. */
function renderSection(routes: Record<string, Route> = {}, user = testUser) {
  const state = { methods: [testCard, mastercard] };
  const page = renderPage(
    <>
      <PaymentMethodsSection />
      <Toaster />
    </>,
    {
      url: '/billing',
      user,
      routes: {
        'GET /api/billing/gateway': () => json(testGateway),
        'GET /api/billing/payment-methods': () => json(state.methods),
        ...routes,
      },
    },
  );
  return { ...page, state };
}

const card = (name: string) => screen.findByRole('listitem', { name });

describe('PaymentMethodsSection', () => {
  it(
    'adds a card through the gateway, with the test cards at hand',
    { timeout: 15_000 },
    async () => {
      const sent: Record<string, unknown> = {};
      const { state, calls } = renderSection({
        'POST /test-gateway/v1/tokens': (init) => {
          sent.token = bodyOf(init);
          expect(init?.credentials).toBe('omit');
          return json(
            { id: 'tok_9', brand: 'Visa', last4: '1881', expMonth: 4, expYear: 2031 },
            201,
          );
        },
        'POST /api/billing/payment-methods': (init) => {
          sent.method = bodyOf(init);
          const saved = {
            ...testCard,
            id: 13,
            last4: '1881',
            expMonth: 4,
            expYear: 2031,
            isDefault: true,
          };
          state.methods = [saved, { ...testCard, isDefault: false }, mastercard];
          return json(saved, 201);
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
      const form = await screen.findByRole('form', { name: 'New card' });
      expect(within(form).getByText('Test gateway: no real card is charged')).toBeInTheDocument();
      await userEvent.click(
        within(form).getByRole('button', { name: 'Use the test card 4242 4242 4242 4242' }),
      );
      expect(within(form).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
      await userEvent.clear(within(form).getByLabelText('Card number'));
      await userEvent.type(within(form).getByLabelText('Card number'), '4012 8888 8888 1881');
      await userEvent.type(within(form).getByLabelText('Expiry (MM/YY)'), '04/31');
      await userEvent.type(within(form).getByLabelText('Security code (CVC)'), '123');
      await userEvent.click(
        within(form).getByRole('checkbox', { name: 'Make it the default card' }),
      );
      await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));

      await waitFor(() => expect(screen.queryByRole('form', { name: 'New card' })).toBeNull());
      expect(await screen.findByText('Visa ending 1881 saved')).toBeInTheDocument();
      expect(await card('Visa ending 1881')).toHaveTextContent('Default');
      expect(sent.token).toEqual({
        number: '4012888888881881',
        expMonth: 4,
        expYear: 2031,
        cvc: '123',
      });
      expect(sent.method).toEqual({ token: 'tok_9', makeDefault: true });
      // The card number never goes to the platform's API.
      expect(calls.filter((call) => call.includes('/api/')).join()).not.toContain(
        '4012888888881881',
      );
    },
  );

  it('shows the gateway’s refusal on the field it names', async () => {
    renderSection({
      'POST /test-gateway/v1/tokens': () =>
        json(
          {
            message: 'The card was refused',
            issues: [{ path: ['expYear'], message: 'This card has expired' }],
          },
          400,
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'New card' });
    await userEvent.type(within(form).getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(within(form).getByLabelText('Expiry (MM/YY)'), '04/31');
    await userEvent.type(within(form).getByLabelText('Security code (CVC)'), '123');
    await userEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByText('This card has expired')).toBeVisible();
    expect(within(form).getByLabelText('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('makes a card the default and removes one after a confirmation', async () => {
    const { state, calls } = renderSection({
      'PUT /api/billing/payment-methods/12/default': () => {
        state.methods = [
          { ...mastercard, isDefault: true },
          { ...testCard, isDefault: false },
        ];
        return json({ ...mastercard, isDefault: true });
      },
      'DELETE /api/billing/payment-methods/11': () => {
        state.methods = state.methods.filter((method) => method.id !== 11);
        return json(null, 204);
      },
    });
    const master = await card('Mastercard ending 4444');
    expect(master).not.toHaveTextContent('Default');
    await userEvent.click(
      within(master).getByRole('button', { name: 'Make Mastercard ending 4444 the default card' }),
    );
    await waitFor(() => expect(master).toHaveTextContent('Default'));
    expect(within(master).queryByRole('button', { name: /default card/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Visa ending 4242?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Visa ending 4242' })).toBeNull(),
    );
    expect(calls).toContain('DELETE /api/billing/payment-methods/11');
  });

  it('keeps the cards when the server refuses to remove the last one', async () => {
    const { calls } = renderSection({
      'DELETE /api/billing/payment-methods/11': () =>
        json({ message: 'Your running clusters need a card: add another one first.' }, 409),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Visa ending 4242?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/billing/payment-methods/11'));
    expect(await screen.findByText('The card was not removed')).toBeInTheDocument();
    expect(
      screen.getByText('Your running clusters need a card: add another one first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Visa ending 4242' })).toBeInTheDocument();
  });

  it('shows the cards without their controls to a member who may not order, and says when there is none', async () => {
    renderSection(
      { 'GET /api/billing/payment-methods': () => json([]) },
      { ...testUser, emailVerified: false },
    );
    expect(await screen.findByText(/No card saved yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a card' })).toBeNull();
  });
});
