import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClusterLoadBalancers, ClusterVolumes } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, testUser, type Route } from '@/test/test-utils';
import { cluster } from '../test-clusters';
import { ClusterPage } from '../pages/cluster-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }), toast }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});

const volumes: ClusterVolumes = {
  volumes: [
    {
      id: 7,
      kind: 'persistent',
      name: 'data',
      sizeGb: 100,
      storageClass: 'alpenkube-ssd',
      node: null,
      billed: true,
      observed: false,
      createdAt: '2026-03-01T00:00:00.000Z',
    },
    {
      id: null,
      kind: 'node_disk',
      name: 'general-node-1-disk',
      sizeGb: 80,
      storageClass: 'alpenkube-ssd',
      node: 'general-node-1',
      billed: false,
      observed: false,
      createdAt: '2026-03-01T00:00:00.000Z',
    },
  ],
  billedGb: 100,
  observesProvider: false,
};
const balancers: ClusterLoadBalancers = {
  loadBalancers: [
    {
      id: 3,
      name: 'web',
      ip: '203.0.113.10',
      egressGbThisMonth: 12.5,
      simulatedTraffic: true,
      observed: false,
      createdAt: '2026-03-01T00:00:00.000Z',
    },
  ],
  simulatedTraffic: true,
  observesProvider: false,
};

function renderCluster(routes: Record<string, Route> = {}, user = testUser, current = cluster()) {
  return renderPage(<ClusterPage />, {
    url: `/clusters/${current.id}`,
    path: '/clusters/:id',
    user,
    routes: {
      'GET /api/catalog': () => json(TEST_CATALOG),
      [`GET /api/clusters/${current.id}`]: () => json(current),
      [`GET /api/clusters/${current.id}/events`]: () => json([]),
      [`GET /api/clusters/${current.id}/volumes`]: () => json(volumes),
      [`GET /api/clusters/${current.id}/load-balancers`]: () => json(balancers),
      ...routes,
    },
  });
}

describe('volumes and load balancers on the cluster page', () => {
  it('lists persistent volumes as billed, node disks as in the node price, and simulated egress', async () => {
    renderCluster();
    const list = await screen.findByRole('list', { name: 'Volumes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('data100 GBalpenkube-ssd · Billed by the GB-hour');
    expect(rows[1]).toHaveTextContent('Node disk, in the node price');
    // A node disk goes with its node: it has no delete button of its own.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(screen.getByText(/\$0\.10 per GB-month/)).toBeInTheDocument();

    const lbs = await screen.findByRole('list', { name: 'Load balancers' });
    expect(lbs).toHaveTextContent('203.0.113.10');
    expect(lbs).toHaveTextContent('Egress this month: 12.5 GB');
    expect(within(lbs).getByText('Simulated traffic')).toBeInTheDocument();
    expect(screen.getByText(/\$1\.00 per 100 GB/)).toBeInTheDocument();
  });

  it('on a real provider, lists what DigitalOcean has as observed, offers no Add or Delete, and says why', async () => {
    renderCluster(
      {
        'GET /api/clusters/42/volumes': () =>
          json({
            volumes: [
              {
                id: 9,
                kind: 'persistent',
                name: 'pvc-0a1b2c',
                sizeGb: 20,
                storageClass: 'DigitalOcean block storage',
                node: null,
                billed: true,
                observed: true,
                createdAt: '2026-03-01T00:00:00.000Z',
              },
            ],
            billedGb: 20,
            observesProvider: true,
          } satisfies ClusterVolumes),
        'GET /api/clusters/42/load-balancers': () =>
          json({
            loadBalancers: [
              {
                id: 4,
                name: 'a1b2c3d4',
                ip: '198.51.100.21',
                egressGbThisMonth: 0,
                simulatedTraffic: false,
                observed: true,
                createdAt: '2026-03-01T00:00:00.000Z',
              },
            ],
            simulatedTraffic: false,
            observesProvider: true,
          } satisfies ClusterLoadBalancers),
      },
      testUser,
      cluster({ provider: { slug: 'doks', name: 'DigitalOcean', simulated: false } }),
    );
    expect(
      await screen.findByText(/On DigitalOcean, volumes are made from inside the cluster/),
    ).toHaveTextContent(
      /observes them at DigitalOcean every few minutes and bills each by the GB-hour/,
    );
    expect(
      screen.getByText(/On DigitalOcean, load balancers are made from inside the cluster/),
    ).toHaveTextContent(/Egress through them is not billed/);
    const volumeRows = within(await screen.findByRole('list', { name: 'Volumes' })).getAllByRole(
      'listitem',
    );
    expect(volumeRows[0]).toHaveTextContent('pvc-0a1b2c20 GBObserved at DigitalOcean');
    expect(volumeRows[0]).toHaveTextContent('Billed by the GB-hour');
    // The platform cannot delete what the cluster made: its claim or Service does.
    expect(within(volumeRows[0]!).queryByRole('button')).toBeNull();
    const balancerList = await screen.findByRole('list', { name: 'Load balancers' });
    expect(balancerList).toHaveTextContent('198.51.100.21');
    expect(within(balancerList).getByText('Observed at DigitalOcean')).toBeInTheDocument();
    expect(within(balancerList).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: /Add volume/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Add load balancer/ })).toBeDisabled();
  });

  it('on a real provider whose resources are not observed yet, says the platform neither lists nor bills them', async () => {
    renderCluster(
      {
        'GET /api/clusters/42/volumes': () =>
          json({ volumes: [], billedGb: 0, observesProvider: false } satisfies ClusterVolumes),
        'GET /api/clusters/42/load-balancers': () =>
          json({
            loadBalancers: [],
            simulatedTraffic: false,
            observesProvider: false,
          } satisfies ClusterLoadBalancers),
      },
      testUser,
      cluster({ provider: { slug: 'gke', name: 'Google', simulated: false } }),
    );
    expect(
      await screen.findAllByText(
        /On Google, volumes and load balancers are made from inside the cluster.*nor list or bill them yet/,
      ),
    ).toHaveLength(2);
    expect(screen.queryByText(/observes them/)).toBeNull();
  });

  it('creates a volume with the form and shows the server’s refusal under its field', async () => {
    let body: unknown;
    renderCluster({
      'POST /api/clusters/42/volumes': (init) => {
        body = JSON.parse(String(init?.body));
        return json(
          {
            message: 'Invalid request',
            issues: [{ path: ['name'], message: 'This cluster already has a volume named data' }],
          },
          400,
        );
      },
    });
    await screen.findByRole('list', { name: 'Volumes' });
    fireEvent.click(screen.getByRole('button', { name: 'Add volume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a volume to prod-eu' });
    const name = await within(dialog).findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'data' } });
    fireEvent.change(within(dialog).getByLabelText('Size (GB)'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create volume' }));
    expect(
      await within(dialog).findByText('This cluster already has a volume named data'),
    ).toBeInTheDocument();
    expect(body).toEqual({ name: 'data', sizeGb: 50, storageClass: 'alpenkube-ssd' });
  });

  it('deletes a load balancer after a confirmation', async () => {
    let deleted = false;
    const none = { loadBalancers: [], simulatedTraffic: true, observesProvider: false };
    renderCluster({
      'GET /api/clusters/42/load-balancers': () => json(deleted ? none : balancers),
      'DELETE /api/clusters/42/load-balancers/3': () => {
        deleted = true;
        return json(none);
      },
    });
    await screen.findByRole('list', { name: 'Load balancers' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete load balancer web' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete load balancer web?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('No load balancer: no egress is billed.')).toBeInTheDocument();
  });
});
