import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, type Route } from '@/test/test-utils';
import { cluster, clusterEvent } from '../test-clusters';
import { ClusterPage } from './cluster-page';
import { ClusterStatusPage } from './cluster-status-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }), toast }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});
afterEach(() => vi.unstubAllGlobals());

function renderCluster(
  current: Cluster,
  routes: Record<string, Route> = {},
  page = <ClusterPage />,
) {
  return renderPage(page, {
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

const openDialog = async (button: string, title: string) => {
  await screen.findByRole('heading', { level: 1 });
  fireEvent.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  // The forms are a chunk of their own, loaded as the dialog opens.
  await waitFor(() => expect(within(dialog).queryByText('Loading the form…')).toBeNull());
  return dialog;
};

describe('deleting a cluster', () => {
  it('needs the exact name typed, sends it, and goes back to the list', async () => {
    let body: unknown;
    const { router } = renderCluster(cluster(), {
      'DELETE /api/clusters/42': (init) => {
        body = JSON.parse(String(init?.body));
        return json(cluster({ status: 'deleting' }));
      },
    });
    const dialog = await openDialog('Delete', 'Delete prod-eu?');
    const confirm = within(dialog).getByRole('button', { name: 'Delete cluster' });
    const field = within(dialog).getByLabelText(/Type prod-eu to confirm/);
    expect(confirm).toBeDisabled();
    fireEvent.change(field, { target: { value: 'prod-e' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(field, { target: { value: 'PROD-EU' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(field, { target: { value: 'prod-eu' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-clusters'));
    expect(body).toEqual({ name: 'prod-eu' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Cluster being deleted' }));
  });

  it('shows the server’s refusal in the dialog', async () => {
    const message =
      'Cluster prod-eu is applying another change: it can be deleted once it is running, degraded or failed.';
    renderCluster(cluster(), { 'DELETE /api/clusters/42': () => json({ message }, 409) });
    const dialog = await openDialog('Delete', 'Delete prod-eu?');
    fireEvent.change(within(dialog).getByLabelText(/Type prod-eu/), {
      target: { value: 'prod-eu' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete cluster' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('adding a node pool', () => {
  it('offers the tier’s sizes, checks the name, and puts the server’s issues under their field', async () => {
    let body: unknown;
    renderCluster(cluster(), {
      'POST /api/clusters/42/node-pools': (init) => {
        body = JSON.parse(String(init?.body));
        return json(
          {
            message: 'Invalid configuration',
            issues: [
              {
                path: ['nodePools', 1, 'count'],
                message: 'Standard (Blue) takes at most 50 nodes',
              },
            ],
          },
          400,
        );
      },
    });
    const dialog = await openDialog('Add pool', 'Add a node pool to prod-eu');
    const size = within(dialog).getByLabelText('Node size');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['s-2vcpu-4gb', 'm-4vcpu-16gb', 'l-8vcpu-32gb']);
    expect(within(dialog).getByLabelText('Pool name')).toHaveValue('pool-2');
    fireEvent.change(within(dialog).getByLabelText('Pool name'), { target: { value: 'general' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pool' }));
    expect(
      await within(dialog).findByText('Another node pool is already named general'),
    ).toBeVisible();

    fireEvent.change(within(dialog).getByLabelText('Pool name'), { target: { value: 'gpu' } });
    fireEvent.change(size, { target: { value: 'l-8vcpu-32gb' } });
    fireEvent.change(within(dialog).getByLabelText('Nodes'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByLabelText('Autoscale this pool'));
    fireEvent.change(within(dialog).getByLabelText('Maximum nodes'), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pool' }));
    expect(await within(dialog).findByText('Standard (Blue) takes at most 50 nodes')).toBeVisible();
    expect(within(dialog).getByLabelText('Nodes')).toHaveAttribute('aria-invalid', 'true');
    expect(body).toEqual({
      name: 'gpu',
      size: 'l-8vcpu-32gb',
      count: 2,
      autoscaleMin: 1,
      autoscaleMax: 6,
    });
  });
});

describe('autoscaling and upgrading', () => {
  it('turns autoscaling off with both limits null', async () => {
    let body: unknown;
    const base = cluster();
    const autoscaled = {
      ...base,
      nodePools: [{ ...base.nodePools[0]!, autoscaleMin: 2, autoscaleMax: 6 }],
    };
    renderCluster(autoscaled, {
      'PATCH /api/clusters/42/node-pools/5': (init) => {
        body = JSON.parse(String(init?.body));
        return json(base);
      },
    });
    const dialog = await openDialog('Autoscaling of pool general', 'Autoscaling of pool general');
    expect(within(dialog).getByLabelText('Minimum nodes')).toHaveValue(2);
    fireEvent.click(within(dialog).getByLabelText('Autoscale this pool'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save autoscaling' }));
    await waitFor(() => expect(body).toEqual({ autoscaleMin: null, autoscaleMax: null }));
  });

  it('refuses a maximum below the minimum before asking the server', async () => {
    const { calls } = renderCluster(cluster());
    const dialog = await openDialog('Autoscaling of pool general', 'Autoscaling of pool general');
    fireEvent.click(within(dialog).getByLabelText('Autoscale this pool'));
    fireEvent.change(within(dialog).getByLabelText('Minimum nodes'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum nodes'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save autoscaling' }));
    expect(
      await within(dialog).findByText('The maximum cannot be below the minimum'),
    ).toBeVisible();
    expect(calls.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it('upgrades to the version the server offers', async () => {
    let body: unknown;
    renderCluster(cluster({ upgrades: ['1.38'] }), {
      'POST /api/clusters/42/upgrade': (init) => {
        body = JSON.parse(String(init?.body));
        return json(cluster({ status: 'updating' }));
      },
    });
    const dialog = await openDialog('Upgrade to 1.38', 'Upgrade prod-eu');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(body).toEqual({ version: '1.38' }));
  });
});

describe('the kubeconfig', () => {
  it('downloads the YAML as <name>-kubeconfig.yaml', async () => {
    const yaml = 'apiVersion: v1\nclusters:\n- cluster:\n    server: https://x\n';
    const createObjectURL = vi.fn(() => 'blob:kubeconfig');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ download: this.download, href: this.href });
    });
    renderCluster(cluster(), {
      'GET /api/clusters/42/kubeconfig': () =>
        new Response(yaml, { headers: { 'Content-Type': 'application/yaml' } }),
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Download kubeconfig' }));
    await waitFor(() =>
      expect(saved).toEqual([{ download: 'prod-eu-kubeconfig.yaml', href: 'blob:kubeconfig' }]),
    );
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe(yaml);
    click.mockRestore();
  });
});

describe('a cluster that is not there', () => {
  it('says so for an unknown id (or another organization’s)', async () => {
    renderCluster(cluster(), {
      'GET /api/clusters/42': () => json({ message: 'Cluster not found' }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'Cluster not found' })).toBeInTheDocument();
  });

  it('does not ask the server about an id that is not a number', async () => {
    const { calls } = renderPage(<ClusterPage />, {
      url: '/clusters/abc',
      path: '/clusters/:id',
    });
    expect(await screen.findByRole('heading', { name: 'Cluster not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all clusters' })).toHaveAttribute(
      'href',
      '/my-clusters',
    );
    expect(calls.filter((call) => call.includes('/api/clusters'))).toEqual([]);
  });
});

describe('/clusters/:id/status', () => {
  it('shows the status changes and errors, oldest first, with who and when', async () => {
    renderCluster(
      cluster({ status: 'degraded', statusReason: 'Node general-node-2 stopped answering' }),
      {
        'GET /api/clusters/42/events': () =>
          json([
            clusterEvent({ id: 1, status: 'provisioning', message: 'Provisioning started' }),
            clusterEvent({ id: 2, kind: 'step', message: 'Control plane up' }),
            clusterEvent({ id: 3, message: 'Cluster prod-eu is running' }),
            clusterEvent({
              id: 4,
              kind: 'action',
              status: 'running',
              message: 'Renamed',
              actor: 'Ann',
            }),
            clusterEvent({
              id: 5,
              kind: 'error',
              status: 'degraded',
              message: 'Node general-node-2 stopped answering',
            }),
          ]),
      },
      <ClusterStatusPage />,
    );
    const timeline = await screen.findByRole('list', { name: 'Status timeline' });
    const items = within(timeline).getAllByTestId('status-event');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Provisioning',
      'Running',
      'DegradedError',
    ]);
    expect(items[2]).toHaveTextContent('Node general-node-2 stopped answering');
    expect(items[0]).toHaveTextContent('by the platform');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Status of prod-eu');
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toContainElement(
      document.querySelector('[data-status="degraded"]') as HTMLElement,
    );
    expect(screen.getByRole('link', { name: 'Back to the cluster' })).toHaveAttribute(
      'href',
      '/clusters/42',
    );
  });
});
