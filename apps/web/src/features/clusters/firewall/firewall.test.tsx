import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, type Route } from '@/test/test-utils';
import { cluster } from '../test-clusters';
import { ClusterPage } from '../pages/cluster-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }), toast }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});

function renderCluster(current: Cluster, routes: Record<string, Route> = {}) {
  return renderPage(<ClusterPage />, {
    url: `/clusters/${current.id}`,
    path: '/clusters/:id',
    routes: {
      'GET /api/catalog': () => json(TEST_CATALOG),
      [`GET /api/clusters/${current.id}`]: () => json(current),
      [`GET /api/clusters/${current.id}/events`]: () => json([]),
      ...routes,
    },
  });
}

describe('the control-plane firewall on the cluster page', () => {
  it('says an empty list is open to all, refuses a bad CIDR and saves the list typed', async () => {
    let body: unknown;
    renderCluster(cluster(), {
      'PUT /api/clusters/42/api-allowlist': (init) => {
        body = JSON.parse(String(init?.body));
        return json(cluster({ apiAllowlist: ['127.0.0.1/32', '2001:db8::/32'] }));
      },
    });
    expect(await screen.findByText(/Open to all addresses/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Edit allowlist of prod-eu' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Control-plane allowlist of prod-eu',
    });
    const field = await within(dialog).findByLabelText('Allowed addresses');
    fireEvent.change(field, { target: { value: '10.0.0.0/33' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save allowlist' }));
    expect(
      await within(dialog).findByText(/"10.0.0.0\/33" is not an IPv4 or IPv6 CIDR/),
    ).toBeVisible();
    fireEvent.change(field, { target: { value: '127.0.0.1/32\n 2001:db8::/32, ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save allowlist' }));
    await waitFor(() => expect(body).toEqual({ cidrs: ['127.0.0.1/32', '2001:db8::/32'] }));
    await waitFor(() => expect(toast).toHaveBeenCalled());
  });

  it('lists the allowed CIDRs', async () => {
    renderCluster(cluster({ apiAllowlist: ['10.0.0.0/8', '2001:db8::/32'] }));
    const list = await screen.findByRole('list', { name: 'Allowed addresses' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['10.0.0.0/8', '2001:db8::/32']);
  });
});
