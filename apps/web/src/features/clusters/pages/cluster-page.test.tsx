import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, testUser, type Route } from '@/test/test-utils';
import { cluster, clusterEvent, nodePool } from '../test-clusters';
import { ClusterPage } from './cluster-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }), toast }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});
afterEach(() => vi.unstubAllGlobals());

const events = [
  clusterEvent({ id: 1, status: 'provisioning', message: 'Provisioning started' }),
  clusterEvent({ id: 2, kind: 'node', message: 'Node general-node-1 joined' }),
  clusterEvent({ id: 3, message: 'Cluster prod-eu is running' }),
];

/** The cluster page, its cluster answered by `current()`: a change's handler may replace it. */
function renderCluster(
  current: Cluster | (() => Cluster),
  routes: Record<string, Route> = {},
  user = testUser,
) {
  const read = typeof current === 'function' ? current : () => current;
  return renderPage(<ClusterPage />, {
    url: `/clusters/${read().id}`,
    path: '/clusters/:id',
    user,
    routes: {
      'GET /api/catalog': () => json(TEST_CATALOG),
      [`GET /api/clusters/${read().id}`]: () => json(read()),
      [`GET /api/clusters/${read().id}/events`]: () => json(events),
      ...routes,
    },
  });
}

const heading = () => screen.findByRole('heading', { level: 1, name: /prod-eu/ });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('/clusters/:id', () => {
  it('shows the overview, the pools with their nodes, the events and the kubectl command', async () => {
    renderCluster(cluster({ upgrades: ['1.38'] }));
    await heading();
    const overview = screen.getByRole('list', { name: 'Installed add-ons' });
    expect(overview).toHaveTextContent('Monitoring');
    expect(screen.getByTestId('monthly-cost')).toHaveTextContent('$450.00');
    expect(screen.getByText('https://127.0.0.1:5000/kube/42')).toBeInTheDocument();
    const pool = screen.getByTestId('node-pool');
    expect(within(pool).getByTestId('pool-facts')).toHaveTextContent('m-4vcpu-16gb · 3 nodes');
    expect(within(pool).getAllByTestId('cluster-node')).toHaveLength(3);
    expect(
      screen.getByText('kubectl --kubeconfig prod-eu-kubeconfig.yaml get nodes'),
    ).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Cluster events' });
    expect(within(log).getAllByTestId('cluster-event')[0]).toHaveTextContent(
      'Cluster prod-eu is running',
    );
    // Running, and changed by an orderer: every change is offered, but not the last pool's removal.
    for (const name of ['Rename', 'Upgrade to 1.38', 'Delete', 'Scale pool general', 'Add pool']) {
      expect(button(name)).toBeEnabled();
    }
    expect(button('Remove pool general')).toBeDisabled();
    expect(button('Download kubeconfig')).toBeEnabled();
    expect(screen.getByText(/A cluster keeps at least one node pool/)).toBeInTheDocument();
  });

  it("on a real provider: no simulated notice, the provider's kubeconfig, nothing to rotate", async () => {
    renderCluster(cluster({ provider: { slug: 'doks', name: 'DigitalOcean', simulated: false } }));
    await heading();
    expect(button('Download kubeconfig')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Rotate credentials' })).toBeNull();
    expect(screen.getByText(/The kubeconfig is DigitalOcean’s own/)).toBeInTheDocument();
    expect(screen.queryByText(/Clusters run on simulated providers/)).toBeNull();
    expect(screen.queryByText('Simulated')).toBeNull();
  });

  it("says how the provider removes an add-on, in the server's words, before confirming", async () => {
    const note =
      "DigitalOcean installs each add-on as its 1-Click app. Its API has no uninstall: removing an add-on deletes the app's namespace and admission webhooks through the cluster's Kubernetes API, and its CustomResourceDefinitions stay in the cluster.";
    const doks = cluster({ provider: { slug: 'doks', name: 'DigitalOcean', simulated: false } });
    renderCluster(doks, {
      [`GET /api/clusters/${doks.id}/addons`]: () =>
        json({
          clusterId: doks.id,
          clusterName: doks.name,
          billingCycle: 'monthly',
          periodEnd: null,
          hoursLeft: 100,
          periodHours: 720,
          providerNote: note,
          addons: [
            {
              slug: 'monitoring',
              name: 'Monitoring',
              unit: 'cluster',
              installed: true,
              refusal: null,
              periodPrice: 2900,
              installPrice: 0,
              removalCredit: 1450,
              openOrderId: null,
            },
          ],
        }),
    });
    await heading();
    fireEvent.click(button('Remove Monitoring'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/its CustomResourceDefinitions stay/)).toHaveTextContent(
      `${note} The unused part of its prepaid period, $14.50, goes to your credit balance`,
    );
  });

  it('disables the changes while a change runs, and shows its progress', async () => {
    renderCluster(
      cluster({
        status: 'updating',
        upgrades: ['1.38'],
        nodePools: [nodePool(), nodePool({ id: 6, name: 'batch', count: 1 })],
        operation: {
          kind: 'scale',
          progress: 55,
          step: 'Draining batch-node-2',
          startedAt: '2026-03-01T10:00:00.000Z',
        },
      }),
    );
    await heading();
    expect(screen.getByRole('progressbar', { name: 'Scaling' })).toHaveAttribute(
      'aria-valuenow',
      '55',
    );
    expect(screen.getByText(/Draining batch-node-2/)).toBeInTheDocument();
    for (const name of [
      'Upgrade to 1.38',
      'Delete',
      'Scale pool general',
      'Autoscaling of pool batch',
      'Remove pool batch',
      'Recycle node general-node-1',
      'Add pool',
      'Download kubeconfig',
    ]) {
      expect(button(name)).toBeDisabled();
    }
    expect(button('Rename')).toBeEnabled();
    expect(button('Rotate credentials')).toBeEnabled();
  });

  it('offers a member who may not order the kubeconfig, not the changes', async () => {
    renderCluster(cluster(), {}, { ...testUser, emailVerified: false });
    await heading();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(button('Scale pool general')).toBeDisabled();
    expect(button('Download kubeconfig')).toBeEnabled();
    expect(screen.getByTestId('changes-unavailable')).toHaveTextContent(
      'Only members who may order can change a cluster.',
    );
  });

  it('scales a pool and shows the change under way from the answer', async () => {
    let body: unknown;
    let current = cluster();
    const { calls } = renderCluster(() => current, {
      'PATCH /api/clusters/42/node-pools/5': (init) => {
        body = JSON.parse(String(init?.body));
        current = cluster({
          status: 'updating',
          nodePools: [nodePool({ count: 4 })],
          operation: { kind: 'scale', progress: 0, step: null, startedAt: '2026-03-01T11:00:00Z' },
        });
        return json(current);
      },
    });
    await heading();
    fireEvent.click(button('Scale pool general'));
    const dialog = await screen.findByRole('dialog', { name: 'Scale pool general' });
    const count = await within(dialog).findByLabelText('Nodes');
    fireEvent.change(count, { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scale' }));
    expect(await within(dialog).findByText('Standard (Blue) takes at most 50 nodes')).toBeVisible();
    fireEvent.change(count, { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scale' }));
    await waitFor(() => expect(calls).toContain('PATCH /api/clusters/42/node-pools/5'));
    expect(body).toEqual({ count: 4 });
    expect(await screen.findByRole('progressbar', { name: 'Scaling' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Pool general is being scaled from 3 to 4 nodes.' }),
    );
  });

  it('shows the server’s refusal (409) of a pool’s removal', async () => {
    const message =
      'Cluster prod-eu is applying another change: it can be changed once it is running or degraded.';
    renderCluster(
      cluster({ nodePools: [nodePool(), nodePool({ id: 6, name: 'batch', count: 1 })] }),
      {
        'DELETE /api/clusters/42/node-pools/6': () => json({ message }, 409),
      },
    );
    await heading();
    fireEvent.click(button('Remove pool batch'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove pool batch?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove pool' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'The pool was not removed',
        description: message,
        variant: 'destructive',
      }),
    );
  });
});
