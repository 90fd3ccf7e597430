import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClusterMetrics, NodeMetrics } from '@alpenkube/contract';
import { json, renderPage } from '@/test/test-utils';
import { cluster } from '../test-clusters';
import { MetricsSection } from './metrics-section';

afterEach(() => vi.unstubAllGlobals());

const GIB = 1024 ** 3;

function node(name: string, cpu: number[], memoryGib: number[]): NodeMetrics {
  return {
    name,
    pool: 'general',
    size: 'm-4vcpu-16gb',
    cpuAllocatableMillis: 3900,
    memoryAllocatableBytes: 14 * GIB,
    cpuMillis: cpu,
    memoryBytes: memoryGib.map((gib) => gib * GIB),
  };
}

function answer(range: ClusterMetrics['range'], overrides: Partial<ClusterMetrics> = {}) {
  const nodes = [
    node('web-general-a', [1000, 2000, 3000], [4, 5, 6]),
    node('web-general-b', [500, 500, 800], [2, 2, 2]),
  ];
  return {
    range,
    from: '2026-11-28T12:00:00.000Z',
    stepSeconds: range === '1h' ? 60 : 300,
    points: 3,
    simulated: true,
    available: true,
    message: null,
    total: {
      cpuAllocatableMillis: 7800,
      memoryAllocatableBytes: 28 * GIB,
      cpuMillis: [1500, 2500, 3800],
      memoryBytes: [6 * GIB, 7 * GIB, 8 * GIB],
    },
    nodes,
    ...overrides,
  } satisfies ClusterMetrics;
}

function renderSection(routes: Record<string, () => Response>) {
  return renderPage(<MetricsSection cluster={cluster()} />, {
    url: '/clusters/42',
    path: '/clusters/:id',
    routes,
  });
}

describe('the cluster page’s metrics card', () => {
  it('says the metrics are simulated and gives the total’s figures as a table', async () => {
    renderSection({ 'GET /api/clusters/42/metrics?range=1h': () => json(answer('1h')) });
    const table = await screen.findByTestId('metrics-summary');
    expect(screen.getByText('Simulated metrics')).toBeInTheDocument();
    const [cpu, memory] = within(table).getAllByRole('row').slice(1);
    // Now, average, peak and allocatable of the cluster total.
    expect(cpu).toHaveTextContent('3.80 cores (49%)');
    expect(cpu).toHaveTextContent('2.60 cores (33%)');
    expect(cpu).toHaveTextContent('7.80 cores');
    expect(memory).toHaveTextContent('8.0 GiB (29%)');
    expect(memory).toHaveTextContent('28.0 GiB');
    expect(screen.getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows one node when chosen, and another range when asked', async () => {
    renderSection({
      'GET /api/clusters/42/metrics?range=1h': () => json(answer('1h')),
      'GET /api/clusters/42/metrics?range=7d': () =>
        json(answer('7d', { total: { ...answer('7d').total, cpuMillis: [100, 200, 300] } })),
    });
    const select = await screen.findByRole('combobox');
    fireEvent.change(select, { target: { value: 'web-general-b' } });
    const rows = within(screen.getByTestId('metrics-summary')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('0.80 cores (21%)');
    expect(rows[1]).toHaveTextContent('3.90 cores');

    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '7 d' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('metrics-summary')).getAllByRole('row')[1],
      ).toHaveTextContent('0.30 cores (4%)'),
    );
    expect(screen.getByRole('button', { name: '7 d' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says why there is nothing to show', async () => {
    renderSection({
      'GET /api/clusters/42/metrics?range=1h': () =>
        json(
          answer('1h', {
            available: false,
            message: 'Metrics appear once the cluster is running',
            nodes: [],
          }),
        ),
    });
    expect(
      await screen.findByText('Metrics appear once the cluster is running'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('metrics-summary')).toBeNull();
  });
});
