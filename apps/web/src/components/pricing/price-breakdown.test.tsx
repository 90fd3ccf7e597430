import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Quote } from '@alpenkube/contract/pricing';
import { exchangeRatesQueryKey, setCurrency } from '@/lib/currency';
import { createTestQueryClient } from '@/test/test-utils';
import { PriceBreakdown } from './price-breakdown';
import { formatCentsExact, formatUsd } from './format-cents';

const rates = { USD: 1 as const, EUR: 0.91, GBP: 0.78 };

const quote: Quote = {
  currency: 'USD',
  billingCycle: 'monthly',
  regionFactorBasisPoints: 11500,
  lines: [
    {
      kind: 'control_plane',
      ref: 'standard',
      description: 'Control plane, Standard',
      quantity: 1,
      unitMonthly: 11500,
      unitYearly: 115000,
      monthly: 11500,
      yearly: 115000,
    },
    {
      kind: 'nodes',
      ref: 'workers',
      description: 'Node pool workers: s-4vcpu',
      quantity: 3,
      unitMonthly: 5175,
      unitYearly: 51750,
      monthly: 15525,
      yearly: 155250,
    },
  ],
  monthly: 27025,
  yearly: 270250,
  yearlyDiscountPercent: 17,
  total: 27025,
  hourly: null,
};

function renderBreakdown(billingCycle: 'monthly' | 'yearly') {
  const client = createTestQueryClient();
  client.setQueryData(exchangeRatesQueryKey, { rates, date: '2025-06-01', source: 'live' });
  return render(
    <QueryClientProvider client={client}>
      <PriceBreakdown quote={{ ...quote, billingCycle }} billingCycle={billingCycle} />
    </QueryClientProvider>,
  );
}

describe('formatCentsExact', () => {
  it('converts minor units by the rate, rounds down to the cent and prefixes the symbol', () => {
    expect(formatCentsExact(5175, 'USD', rates)).toBe('$51.75');
    expect(formatCentsExact(5175, 'EUR', rates)).toBe('€47.09');
    expect(formatCentsExact(123456789, 'GBP', rates)).toBe('£962,962.95');
    expect(formatCentsExact(0, 'EUR', rates)).toBe('€0.00');
  });

  it('has a dollar form for what a card is charged, whatever the display currency', () => {
    expect(formatUsd(2052000)).toBe('$20,520.00');
    expect(formatUsd(5)).toBe('$0.05');
  });
});

describe('PriceBreakdown', () => {
  it('lists every line as quantity × unit price and its monthly amount, in USD', () => {
    setCurrency('USD');
    renderBreakdown('monthly');
    const table = screen.getByRole('table', { name: /billed monthly, in USD/ });
    const rows = within(table).getAllByTestId('price-line');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Node pool workers: s-4vcpu');
    expect(rows[1]).toHaveTextContent('3 × $51.75');
    expect(rows[1]).toHaveTextContent('$155.25');
    expect(screen.getByTestId('price-total-monthly')).toHaveTextContent('$270.25');
    expect(screen.getByTestId('price-total-yearly')).toHaveTextContent('$2,702.50');
    expect(screen.getByTestId('yearly-discount')).toHaveTextContent('17%');
    // 12 × 270.25 − 2,702.50
    expect(screen.getByTestId('yearly-saving')).toHaveTextContent('$540.50');
    expect(screen.getByRole('rowheader', { name: /Paying yearly would save/ })).toBeVisible();
    expect(screen.getByTestId('price-currency-note')).toHaveTextContent('Prices in US dollars.');
  });

  it('shows yearly amounts for the yearly cycle', () => {
    setCurrency('USD');
    renderBreakdown('yearly');
    expect(screen.getByRole('columnheader', { name: 'Per year' })).toBeVisible();
    const rows = screen.getAllByTestId('price-line');
    expect(rows[1]).toHaveTextContent('3 × $517.50');
    expect(rows[1]).toHaveTextContent('$1,552.50');
    expect(screen.getByRole('rowheader', { name: /You save a year/ })).toBeVisible();
  });

  it('converts to the display currency and says the prices are USD converted', () => {
    renderBreakdown('monthly');
    expect(screen.getByTestId('price-total-monthly')).toHaveTextContent('€245.92');
    expect(screen.getAllByTestId('price-line')[1]).toHaveTextContent('3 × €47.09');
    expect(screen.getByTestId('price-currency-note')).toHaveTextContent(
      'Prices are set in US dollars and shown in EUR for display, converted at the rate of 2025-06-01 and rounded down.',
    );
  });
});
