import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, type Route } from '@/test/test-utils';
import { cluster, clusterPage, clusterSummary, nodePool } from '../test-clusters';
import { ClusterPage } from '../pages/cluster-page';
import { MyClustersPage } from '../pages/my-clusters-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }), toast }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});
afterEach(() => vi.unstubAllGlobals());

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

const openDialog = async (button: string, title: string) => {
  await screen.findByRole('heading', { level: 1 });
  fireEvent.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await waitFor(() => expect(within(dialog).queryByText('Loading the form…')).toBeNull());
  return dialog;
};

const labelled = cluster({
  tags: ['env-prod', 'team:web'],
  nodePools: [
    nodePool({
      labels: { 'example.com/team': 'web' },
      taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }],
    }),
  ],
});

describe('labels and taints of a pool', () => {
  it("shows the pool's labels and taints, and saves them edited line by line", async () => {
    let body: unknown;
    renderCluster(labelled, {
      'PUT /api/clusters/42/node-pools/5/labels': (init) => {
        body = JSON.parse(String(init?.body));
        return json(labelled);
      },
    });
    const labels = await screen.findByRole('list', { name: 'Labels of pool general' });
    expect(labels).toHaveTextContent('example.com/team=web');
    expect(screen.getByRole('list', { name: 'Taints of pool general' })).toHaveTextContent(
      'dedicated=web:NoSchedule',
    );
    const dialog = await openDialog(
      'Labels and taints of pool general',
      'Labels and taints of pool general',
    );
    expect(within(dialog).getByLabelText('Labels')).toHaveValue('example.com/team=web');
    fireEvent.change(within(dialog).getByLabelText('Labels'), {
      target: { value: 'example.com/team=api\n\n  workload = batch \ngpu=' },
    });
    fireEvent.change(within(dialog).getByLabelText('Taints'), {
      target: { value: 'dedicated=batch:NoSchedule\nspot:PreferNoSchedule' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(body).toEqual({
        labels: { 'example.com/team': 'api', workload: 'batch', gpu: '' },
        taints: [
          { key: 'dedicated', value: 'batch', effect: 'NoSchedule' },
          { key: 'spot', value: '', effect: 'PreferNoSchedule' },
        ],
      }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalled());
  });

  it('refuses a line it cannot read and a reserved key before asking the server', async () => {
    const { calls } = renderCluster(labelled);
    const dialog = await openDialog(
      'Labels and taints of pool general',
      'Labels and taints of pool general',
    );
    fireEvent.change(within(dialog).getByLabelText('Labels'), {
      target: { value: 'team=web\nkubernetes.io/role=x' },
    });
    fireEvent.change(within(dialog).getByLabelText('Taints'), {
      target: { value: 'dedicated=batch:Never' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/kubernetes\.io\/role uses the reserved prefix/),
    ).toBeVisible();
    expect(within(dialog).getByText(/Line 1: write a taint as key=value:Effect/)).toBeVisible();
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('gives a new pool its labels and taints when it is added', async () => {
    let body: unknown;
    renderCluster(cluster(), {
      'POST /api/clusters/42/node-pools': (init) => {
        body = JSON.parse(String(init?.body));
        return json(cluster({ status: 'updating' }));
      },
    });
    const dialog = await openDialog('Add pool', 'Add a node pool to prod-eu');
    fireEvent.change(within(dialog).getByLabelText('Labels'), {
      target: { value: 'k8s.io/x=y' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pool' }));
    expect(await within(dialog).findByText(/k8s\.io\/x uses the reserved prefix/)).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Labels'), {
      target: { value: 'workload=batch' },
    });
    fireEvent.change(within(dialog).getByLabelText('Taints'), {
      target: { value: 'dedicated=batch:NoExecute' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pool' }));
    await waitFor(() =>
      expect(body).toMatchObject({
        name: 'pool-2',
        labels: { workload: 'batch' },
        taints: [{ key: 'dedicated', value: 'batch', effect: 'NoExecute' }],
      }),
    );
  });

  it("is disabled while the cluster can't be changed", async () => {
    renderCluster(cluster({ status: 'updating' }));
    await screen.findByRole('heading', { level: 1 });
    expect(
      screen.getByRole('button', { name: 'Labels and taints of pool general' }),
    ).toBeDisabled();
    // Tags are the platform's own record: they can be edited during a change.
    expect(screen.getByRole('button', { name: 'Edit tags of prod-eu' })).toBeEnabled();
  });
});

describe('tags of a cluster', () => {
  it('links each tag to the filtered list and saves the tags typed', async () => {
    let body: unknown;
    renderCluster(labelled, {
      'PUT /api/clusters/42/tags': (init) => {
        body = JSON.parse(String(init?.body));
        return json(cluster({ tags: ['cost:shop'] }));
      },
    });
    const tags = await screen.findByRole('list', { name: 'Tags of prod-eu' });
    expect(within(tags).getByRole('link', { name: 'team:web' })).toHaveAttribute(
      'href',
      '/my-clusters?tag=team%3Aweb',
    );
    expect(
      screen.getByRole('link', { name: 'Usage of the clusters tagged env-prod' }),
    ).toHaveAttribute('href', '/usage?tag=env-prod');
    const dialog = await openDialog('Edit tags of prod-eu', 'Tags of prod-eu');
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('env-prod, team:web');
    fireEvent.change(within(dialog).getByLabelText('Tags'), { target: { value: 'Bad Tag!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    expect(await within(dialog).findByText(/Tag tag!: lowercase letters/)).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Tags'), {
      target: { value: 'cost:shop,  Team:Web team:web' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(body).toEqual({ tags: ['cost:shop', 'team:web'] }));
  });

  it('filters the cluster list by a tag from the URL and from the field', async () => {
    const { calls, router } = renderPage(<MyClustersPage />, {
      url: '/my-clusters?tag=team:web',
      routes: {
        'GET /api/catalog': () => json(TEST_CATALOG),
        'GET /api/clusters?tag=team%3Aweb': () =>
          json(clusterPage([clusterSummary({ tags: ['team:web'] })])),
        'GET /api/clusters?tag=env-prod': () => json(clusterPage([])),
      },
    });
    const table = await screen.findByRole('table', { name: 'Your organization’s clusters' });
    expect(within(table).getByRole('list', { name: 'Tags of prod-eu' })).toHaveTextContent(
      'team:web',
    );
    const field = screen.getByLabelText('Tag');
    expect(field).toHaveValue('team:web');
    fireEvent.change(field, { target: { value: 'ENV-prod' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('No clusters match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tag=env-prod');
    expect(calls).toContain('GET /api/clusters?tag=env-prod');
  });
});
