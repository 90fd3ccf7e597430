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

const planned = (maintenance: Partial<Cluster['maintenance']>) =>
  cluster({ maintenance: { ...cluster().maintenance, ...maintenance } });

describe('the maintenance card on the cluster page', () => {
  it("shows the region's window and the patch planned, and saves a new window", async () => {
    let body: unknown;
    renderCluster(
      planned({
        planned: {
          reason: 'patch',
          version: '1.37.3',
          at: '2026-12-13T02:00:00.000Z',
          endOfSupport: null,
        },
      }),
      {
        'PUT /api/clusters/42/maintenance': (init) => {
          body = JSON.parse(String(init?.body));
          return json(planned({ day: 'wed', hour: 2, timeZone: 'Europe/Vienna' }));
        },
      },
    );
    expect(await screen.findByTestId('maintenance-window')).toHaveTextContent(
      "Sundays 03:00–07:00 (Europe/Berlin, the region's time zone)",
    );
    expect(screen.getByTestId('maintenance-planned')).toHaveTextContent(
      /^Patch 1\.37\.3 in the window of /,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit window: maintenance of prod-eu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance window of prod-eu' });
    fireEvent.change(await within(dialog).findByLabelText('Day'), { target: { value: 'wed' } });
    fireEvent.change(within(dialog).getByLabelText('Starts at'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Time zone'), {
      target: { value: 'Europe/Vienna' },
    });
    fireEvent.click(within(dialog).getByLabelText('Apply patch releases automatically'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save window' }));
    await waitFor(() =>
      expect(body).toEqual({
        day: 'wed',
        hour: 2,
        timeZone: 'Europe/Vienna',
        autoUpgrade: false,
      }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalled());
  });

  it('shows the server refusal as a form message', async () => {
    renderCluster(cluster(), {
      'PUT /api/clusters/42/maintenance': () =>
        json({ message: 'Cluster prod-eu is applying another change' }, 409),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit window: maintenance of prod-eu' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance window of prod-eu' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save window' }));
    expect(await within(dialog).findByText(/applying another change/)).toBeVisible();
  });

  it('announces an end-of-support upgrade with its notices', async () => {
    renderCluster(
      planned({
        planned: {
          reason: 'end_of_support',
          version: '1.36.7',
          at: '2027-02-21T02:00:00.000Z',
          endOfSupport: '2027-02-28',
        },
      }),
    );
    expect(await screen.findByTestId('maintenance-planned')).toHaveTextContent(
      /reaches its end of support on 2027-02-28: upgraded to 1\.36\.7 .* after notices 30, 7 and 1 days before/,
    );
  });
});
