import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketSummary } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { createTestQueryClient, json, mockFetch } from '@/test/test-utils';
import { OpenTickets } from './open-tickets';

beforeEach(() => clearGetCache());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ticket = (id: number, overrides: Partial<TicketSummary>): TicketSummary => ({
  id,
  number: `TCK-${id}`,
  kind: 'ticket',
  subject: `Subject ${id}`,
  category: 'technical',
  severity: 'normal',
  status: 'open',
  responseDueAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  assigneeName: null,
  ...overrides,
});

function renderWith(open: TicketSummary[], awaiting: TicketSummary[]) {
  const { calls } = mockFetch({
    'GET /api/support/tickets?kind=ticket&limit=200&status=open': () => json(open),
    'GET /api/support/tickets?kind=ticket&limit=200&status=awaiting_customer': () => json(awaiting),
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <OpenTickets />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe("the dashboard's open tickets", () => {
  it('lists the soonest answer due first, then the tickets waiting for the customer', async () => {
    renderWith(
      [
        ticket(1, { responseDueAt: '2026-11-03T10:00:00.000Z' }),
        ticket(2, { responseDueAt: '2026-11-02T10:00:00.000Z' }),
      ],
      [ticket(3, { status: 'awaiting_customer', updatedAt: '2026-11-04T10:00:00.000Z' })],
    );
    const list = await screen.findByRole('list', { name: 'Open tickets' });
    const numbers = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent?.match(/TCK-\d+/)?.[0]);
    expect(numbers).toEqual(['TCK-2', 'TCK-1', 'TCK-3']);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/orders/support/2');
    expect(within(list).getByText('Waiting for your reply')).toBeInTheDocument();
  });

  it('shows the five most urgent and says how many are open', async () => {
    renderWith(
      Array.from({ length: 7 }, (_, i) =>
        ticket(i + 1, { responseDueAt: `2026-11-1${i}T10:00:00.000Z` }),
      ),
      [],
    );
    const list = await screen.findByRole('list', { name: 'Open tickets' });
    expect(within(list).getAllByRole('link')).toHaveLength(5);
    expect(screen.getByText('7 open; the 5 most urgent are shown.')).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    renderWith([], []);
    expect(await screen.findByText('No open tickets.')).toBeInTheDocument();
  });
});
