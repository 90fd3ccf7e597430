import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketplaceProduct } from '@alpenkube/contract';
import type { ActorRole } from '@alpenkube/contract/permissions';
import { clearGetCache } from '@/lib/http';
import {
  createTestQueryClient,
  json,
  mockFetch,
  setSessionHint,
  testUser,
  withProviders,
} from '@/test/test-utils';
import { MarketplacePage } from './marketplace-page';

afterEach(() => {
  cleanup();
  clearGetCache();
  vi.unstubAllGlobals();
});

const redis: MarketplaceProduct = {
  slug: 'redis',
  name: 'Managed Redis',
  category: 'Databases',
  vendor: 'Alpenkube',
  summary: 'An in-memory store',
  description: 'Redis, run for you.',
  plans: [{ slug: 's', name: 'Small', size: '1 GB', priceMonthly: 1500, priceYearly: 15000 }],
  regions: [{ code: 'alpenkube:eu-de-fra', label: 'Frankfurt (DE)', eu: true }],
};

function renderAs(role: ActorRole) {
  setSessionHint(true);
  mockFetch({
    'GET /api/user': () => json({ ...testUser, role }),
    'GET /api/products/catalog': () => json([redis]),
  });
  const Providers = withProviders(createTestQueryClient());
  render(
    <Providers>
      <MemoryRouter>
        <MarketplacePage />
      </MemoryRouter>
    </Providers>,
  );
}

describe('MarketplacePage', () => {
  it('offers ordering to a member whose role orders', async () => {
    renderAs('user');
    expect(await screen.findByRole('button', { name: 'Order Managed Redis' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a read-only member the offer without an order button, and why', async () => {
    renderAs('viewer');
    expect(await screen.findByText('Managed Redis')).toBeTruthy();
    expect(
      await screen.findByText('Your role (Read-only) cannot change orders.', { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order Managed Redis' })).toBeNull();
  });
});
