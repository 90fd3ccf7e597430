import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClusterSummary } from '@alpenkube/contract';
import { json, renderPage } from '@/test/test-utils';
import { DashboardClusters } from './dashboard-clusters';

function summary(id: number, status: ClusterSummary['status'], working = false): ClusterSummary {
  return {
    id,
    name: `c-${id}`,
    status,
    statusReason: null,
    tier: { slug: 'blue', name: 'Standard (Blue)' },
    provider: { slug: 'gke', name: 'Google GKE', simulated: true },
    region: { code: 'europe-west3', city: 'Frankfurt', country: 'DE', jurisdiction: 'eu' },
    kubernetesVersion: '1.37',
    nodeCount: 3,
    monthlyCost: 45_000,
    billingCycle: 'monthly',
    operation: working
      ? { kind: 'provision', progress: 30, step: 'Network', startedAt: '2026-03-01T10:00:00Z' }
      : null,
    tags: [],
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: `2026-03-01T1${id}:00:00Z`,
  };
}

const page = (items: ClusterSummary[], total = items.length) =>
  json({ items, total, page: 1, pageSize: 100 });

describe('the dashboard’s clusters', () => {
  it('counts one page of clusters by status, and shows the events of those at work', async () => {
    const { calls } = renderPage(<DashboardClusters />, {
      url: '/dashboard',
      routes: {
        'GET /api/clusters?sort=-created&limit=100': () =>
          page([summary(1, 'running'), summary(2, 'running'), summary(3, 'provisioning', true)]),
        'GET /api/clusters/3/events': () =>
          json([
            {
              id: 7,
              clusterId: 3,
              kind: 'step',
              status: 'provisioning',
              message: 'Network ready',
              progress: 20,
              actor: null,
              at: '2026-03-01T10:02:00Z',
            },
          ]),
        'GET /api/clusters/2/events': () => json([]),
        'GET /api/clusters/1/events': () => json([]),
      },
    });
    const counts = await screen.findByRole('list', { name: 'Clusters by status' });
    expect(
      within(counts)
        .getAllByTestId('cluster-status-count')
        .map((row) => [row.dataset.status, row.textContent]),
    ).toEqual([
      ['running', 'running2'],
      ['provisioning', 'provisioning1'],
    ]);
    expect(within(counts).getByRole('link', { name: /provisioning/ })).toHaveAttribute(
      'href',
      '/cluster-provisioning',
    );
    const event = await screen.findByTestId('dashboard-cluster-event');
    expect(event).toHaveTextContent('Network ready');
    expect(within(event).getByRole('link', { name: 'c-3' })).toHaveAttribute('href', '/clusters/3');
    // One page of clusters and three logs: no count per status for a small organization.
    expect(calls.filter((call) => call.includes('limit=1&') || call.endsWith('limit=1'))).toEqual(
      [],
    );
  });

  it('asks each status’s total when the organization has more clusters than one page', async () => {
    const totals: Record<string, number> = { running: 140, failed: 3 };
    const routes = Object.fromEntries(
      ['running', 'ordered', 'provisioning', 'updating', 'degraded', 'failed', 'deleting'].map(
        (status) => [
          `GET /api/clusters?status=${status}&limit=1`,
          () => page([], totals[status] ?? 0),
        ],
      ),
    );
    renderPage(<DashboardClusters />, {
      url: '/dashboard',
      routes: {
        ...routes,
        'GET /api/clusters?sort=-created&limit=100': () => page([summary(1, 'running')], 143),
        'GET /api/clusters/1/events': () => json([]),
      },
    });
    const counts = await screen.findByRole('list', { name: 'Clusters by status' });
    expect(
      within(counts)
        .getAllByTestId('cluster-status-count')
        .map((row) => row.textContent),
    ).toEqual(['running140', 'failed3']);
  });

  it('leads to the wizard when there is no cluster', async () => {
    renderPage(<DashboardClusters />, {
      url: '/dashboard',
      routes: { 'GET /api/clusters?sort=-created&limit=100': () => page([]) },
    });
    expect(await screen.findByText('No cluster yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing has happened to a cluster yet.')).toBeInTheDocument();
  });
});
