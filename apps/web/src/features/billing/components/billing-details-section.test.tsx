import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@alpenkube/contract';
import type { BillingDetails } from '@alpenkube/contract/billing';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, testUser, type Route } from '@/test/test-utils';
import { testDetails } from '../test-fixtures';
import { BillingDetailsSection } from './billing-details-section';
import { loadForms } from './lazy-forms';

// The forms' chunk is loaded once, as pointing at a dialog's trigger would.
beforeAll(() => loadForms());
beforeEach(() => clearGetCache());

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;
const empty: BillingDetails = {
  legalName: '',
  address: '',
  country: '',
  vatNumber: null,
  email: '',
  vatNumberCheck: null,
  vatTreatment: 'standard',
  vatRateBasisPoints: 2000,
};

const admin = { ...testUser, role: 'admin' as const };

function renderSection(
  details: BillingDetails,
  routes: Record<string, Route> = {},
  user: User = admin,
) {
  return renderPage(<BillingDetailsSection />, {
    url: '/billing',
    user,
    routes: { 'GET /api/billing/details': () => json(details), ...routes },
  });
}

async function openForm(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('form', { name: 'Billing details' }));
}

describe('BillingDetailsSection', () => {
  it('shows the details and their VAT: reverse charge for a German business with a VAT number', async () => {
    renderSection(testDetails);
    expect(await screen.findByText('Example AG')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('DE123456789')).toBeInTheDocument();
    expect(screen.getByTestId('vat-treatment')).toHaveTextContent('Reverse charge');
    expect(screen.getByTestId('vat-check')).toHaveTextContent(
      'Confirmed by the EU’s VIES registry.',
    );
  });

  it('says why VAT is charged until the registry confirms the number, and labels the simulated one', async () => {
    const unconfirmed = (status: 'pending' | 'invalid' | 'unavailable') => ({
      ...testDetails,
      vatNumberCheck: { status, checkedAt: null, registry: 'simulated' as const },
      vatTreatment: 'standard' as const,
      vatRateBasisPoints: 2000,
    });
    const first = renderSection(unconfirmed('pending'));
    expect(await screen.findByTestId('vat-check')).toHaveTextContent(
      'VAT is charged until the EU’s VIES registry confirms this VAT number',
    );
    expect(screen.getByTestId('vat-treatment')).toHaveTextContent('VAT 20%');
    first.view.unmount();
    clearGetCache();
    const second = renderSection(unconfirmed('invalid'));
    expect(await screen.findByTestId('vat-check')).toHaveTextContent(
      'VAT is charged: the simulated VIES registry (development only: no real check) does not know this VAT number',
    );
    second.view.unmount();
    clearGetCache();
    renderSection(unconfirmed('unavailable'));
    expect(await screen.findByTestId('vat-check')).toHaveTextContent('could not be reached');
  });

  it('lets only admins edit them: a customer sees them, with no button', async () => {
    renderSection(testDetails, {}, testUser);
    expect(await screen.findByText('Example AG')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
  });

  it('follows the VAT as the country and VAT number are typed', async () => {
    renderSection(testDetails);
    const form = await openForm('Edit details');
    expect(form.getByTestId('vat-preview')).toHaveTextContent(
      'Reverse charge once the EU’s VIES registry confirms this VAT number',
    );
    await userEvent.selectOptions(form.getByLabelText('Country'), 'FR');
    expect(form.getByTestId('vat-preview')).toHaveTextContent('French VAT at 20%');
    await userEvent.selectOptions(form.getByLabelText('Country'), 'AT');
    await userEvent.clear(form.getByLabelText('VAT number (optional)'));
    expect(form.getByTestId('vat-preview')).toHaveTextContent('French VAT at 20%');
    await userEvent.type(form.getByLabelText('VAT number (optional)'), 'atu 12.345-678');
    expect(form.getByTestId('vat-preview')).toHaveTextContent('Reverse charge');
  });

  it(
    'checks by the contract, shows the server’s VAT refusal on its field, then saves',
    { timeout: 20_000 },
    async () => {
      const sent: unknown[] = [];
      let answer = () =>
        json(
          {
            message: 'This VAT number is not registered',
            issues: [{ path: ['vatNumber'], message: 'This VAT number is not registered' }],
          },
          400,
        );
      renderSection(empty, {
        'PUT /api/billing/details': (init) => {
          sent.push(bodyOf(init));
          return answer();
        },
      });
      const form = await openForm('Add details');
      await userEvent.click(form.getByRole('button', { name: 'Save details' }));
      expect(await form.findByText('Enter the legal name')).toBeVisible();
      expect(form.getByText('Choose a country', { selector: 'p' })).toBeVisible();
      expect(form.getByText('Enter an e-mail address')).toBeVisible();

      await userEvent.type(form.getByLabelText('Legal name'), 'Beispiel GmbH');
      await userEvent.type(form.getByLabelText('Postal address'), 'Ring 1{enter}1010 Wien');
      await userEvent.selectOptions(form.getByLabelText('Country'), 'AT');
      await userEvent.type(form.getByLabelText('VAT number (optional)'), 'DE123456789');
      await userEvent.type(form.getByLabelText('Billing e-mail'), 'billing@beispiel.at');
      await userEvent.click(form.getByRole('button', { name: 'Save details' }));
      expect(await form.findByText('A VAT number of this country starts with AT')).toBeVisible();
      expect(sent).toEqual([]);

      await userEvent.clear(form.getByLabelText('VAT number (optional)'));
      await userEvent.type(form.getByLabelText('VAT number (optional)'), 'ATU99999999');
      await userEvent.click(form.getByRole('button', { name: 'Save details' }));
      expect(await form.findByText('This VAT number is not registered')).toBeVisible();
      expect(form.getByLabelText('VAT number (optional)')).toHaveAttribute('aria-invalid', 'true');

      answer = () =>
        json({
          legalName: 'Beispiel GmbH',
          address: 'Ring 1\n1010 Wien',
          country: 'AT',
          vatNumber: null,
          email: 'billing@beispiel.at',
          vatNumberCheck: null,
          vatTreatment: 'standard',
          vatRateBasisPoints: 2000,
        });
      await userEvent.clear(form.getByLabelText('VAT number (optional)'));
      await userEvent.click(form.getByRole('button', { name: 'Save details' }));
      await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
      expect(screen.getByText('Beispiel GmbH')).toBeInTheDocument();
      expect(screen.getByTestId('vat-treatment')).toHaveTextContent('VAT 20%');
      expect(sent.at(-1)).toEqual({
        legalName: 'Beispiel GmbH',
        address: 'Ring 1\n1010 Wien',
        country: 'AT',
        vatNumber: null,
        email: 'billing@beispiel.at',
      });
      expect(sent[0]).toMatchObject({ vatNumber: 'ATU99999999' });
    },
  );
});
