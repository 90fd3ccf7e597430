import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import { clusterPage, clusterSummary } from '../test-clusters';
import { MyClustersPage } from './my-clusters-page';

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

const catalog = { 'GET /api/catalog': () => json(TEST_CATALOG) };
const table = () => screen.findByRole('table', { name: 'Your organization’s clusters' });

describe('/my-clusters', () => {
  it('asks the API for the URL’s filters and shows each cluster’s facts', async () => {
    const { calls } = renderPage(<MyClustersPage />, {
      url: '/my-clusters?status=updating&tier=blue&q=prod&page=2',
      routes: {
        ...catalog,
        'GET /api/clusters?status=updating&tier=blue&q=prod&page=2': () =>
          json(
            clusterPage(
              [
                clusterSummary({
                  status: 'updating',
                  nodeCount: 4,
                  monthlyCost: 123_456,
                  operation: {
                    kind: 'scale',
                    progress: 40,
                    step: 'Node general-node-4 joining',
                    startedAt: '2026-03-01T10:00:00.000Z',
                  },
                }),
              ],
              { total: 26, page: 2 },
            ),
          ),
      },
    });
    const row = within(await table()).getByRole('row', { name: /prod-eu/ });
    expect(within(row).getByRole('link', { name: 'prod-eu' })).toHaveAttribute(
      'href',
      '/clusters/42',
    );
    expect(within(row).getByText('Updating')).toHaveAttribute('data-status', 'updating');
    expect(within(row).getByRole('progressbar', { name: 'Scaling' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(row).toHaveTextContent('Node general-node-4 joining');
    expect(row).toHaveTextContent('Standard (Blue)');
    expect(within(row).getByText('Simulated')).toBeInTheDocument();
    expect(row).toHaveTextContent('Frankfurt, DE');
    expect(within(row).getByText('EU')).toBeInTheDocument();
    expect(row).toHaveTextContent('$1,234.56');
    expect(screen.getByText(/Clusters run on simulated providers/)).toBeInTheDocument();
    expect(screen.getByText('Clusters 26–26 of 26 · page 2 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('updating');
    expect(screen.getByLabelText('Name')).toHaveValue('prod');
    expect(calls).toContain('GET /api/clusters?status=updating&tier=blue&q=prod&page=2');
  });

  it('says which clusters are simulated when some run at a real provider', async () => {
    renderPage(<MyClustersPage />, {
      url: '/my-clusters',
      routes: {
        ...catalog,
        'GET /api/clusters': () =>
          json(
            clusterPage([
              clusterSummary({ id: 1, name: 'sim' }),
              clusterSummary({
                id: 2,
                name: 'real',
                provider: { slug: 'doks', name: 'DigitalOcean', simulated: false },
              }),
            ]),
          ),
      },
    });
    const real = within(await table()).getByRole('row', { name: /real/ });
    expect(within(real).queryByText('Simulated')).toBeNull();
    const simulated = within(await table()).getByRole('row', { name: /sim/ });
    expect(within(simulated).getByText('Simulated')).toBeInTheDocument();
    expect(
      screen.getByText(/Clusters marked Simulated run on simulated providers/),
    ).toBeInTheDocument();
    expect(screen.getByText(/The others run at their provider for real/)).toBeInTheDocument();
  });

  it('puts a new filter in the URL and starts again from page one', async () => {
    const { calls, router } = renderPage(<MyClustersPage />, {
      url: '/my-clusters?page=2',
      routes: {
        ...catalog,
        'GET /api/clusters?page=2': () =>
          json(clusterPage([clusterSummary()], { total: 30, page: 2 })),
        'GET /api/clusters?status=failed': () => json(clusterPage([])),
        'GET /api/clusters?status=failed&sort=name': () => json(clusterPage([])),
      },
    });
    await table();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    expect(await screen.findByText('No clusters match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=failed');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed&sort=name'));
    expect(calls).toContain('GET /api/clusters?status=failed&sort=name');
  });

  it('searches by name once typing pauses, and pages with the buttons', async () => {
    const page = (number: number) =>
      json(
        clusterPage([clusterSummary({ id: number, name: `web-${number}` })], {
          total: 60,
          page: number,
        }),
      );
    const { calls, router } = renderPage(<MyClustersPage />, {
      url: '/my-clusters',
      routes: {
        ...catalog,
        'GET /api/clusters': () => page(1),
        'GET /api/clusters?q=web': () => page(1),
        'GET /api/clusters?q=web&page=2': () => page(2),
      },
    });
    await table();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' web ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=web'));
    // The list has asked for the search: the page is rendered with it.
    await waitFor(() => expect(calls).toContain('GET /api/clusters?q=web'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=web&page=2'));
    expect(await screen.findByText('Clusters 26–50 of 60 · page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('leads to the wizard when the organization has no cluster', async () => {
    renderPage(<MyClustersPage />, {
      url: '/my-clusters',
      routes: { ...catalog, 'GET /api/clusters': () => json(clusterPage([])) },
    });
    expect(await screen.findByRole('heading', { name: 'No clusters yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Configure a new cluster/ })).toHaveAttribute(
      'href',
      '/configure-cluster',
    );
    expect(screen.queryByText(/simulated providers/)).not.toBeInTheDocument();
  });

  it('shows a cluster on a real provider without the simulation notice', async () => {
    renderPage(<MyClustersPage />, {
      url: '/my-clusters',
      routes: {
        ...catalog,
        'GET /api/clusters': () =>
          json(
            clusterPage([
              clusterSummary({
                provider: { slug: 'gke', name: 'Google Cloud', simulated: false },
                region: {
                  code: 'us-east4',
                  city: 'Ashburn',
                  country: 'US',
                  jurisdiction: 'non_eu',
                },
              }),
            ]),
          ),
      },
    });
    const row = within(await table()).getByRole('row', { name: /prod-eu/ });
    expect(within(row).getByText('Non-EU')).toBeInTheDocument();
    expect(within(row).queryByText('Simulated')).not.toBeInTheDocument();
    expect(screen.queryByText(/simulated providers/)).not.toBeInTheDocument();
  });
});
