import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, type Route } from '@/test/test-utils';
import { cluster } from '../test-clusters';
import { ClusterPage } from './cluster-page';

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

describe('a cluster’s lifespan and sleep', () => {
  it('shows a sandbox’s free trial and its idle deletion date', async () => {
    renderCluster(
      cluster({
        tier: { slug: 'sandbox', name: 'Sandbox (Gray)' },
        trialEndsAt: '2026-04-01T10:00:00.000Z',
        idleDeletionAt: '2026-04-20T10:00:00.000Z',
      }),
    );
    expect(await screen.findByTestId('trial-ends')).toHaveTextContent(/Free until .*2026/);
    expect(screen.getByTestId('idle-deletion')).toHaveTextContent(/Deleted on .*2026/);
    expect(screen.queryByRole('heading', { name: 'Sleep schedule' })).toBeNull();
  });

  it('sets a preview cluster’s expiry in hours and wakes a sleeping Dev/Test cluster', async () => {
    const bodies: unknown[] = [];
    const devTest = cluster({
      tier: { slug: 'orange', name: 'Dev/Test (Orange)' },
      asleep: true,
      sleepSchedule: { timeZone: 'UTC', days: ['mon'], wakeAt: '08:00', sleepAt: '18:00' },
    });
    let woken = false;
    renderCluster(devTest, {
      'PUT /api/clusters/42/expiry': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ ...devTest, expiresAt: '2026-04-02T10:00:00.000Z' });
      },
      'POST /api/clusters/42/wake': () => {
        woken = true;
        return json({ ...devTest, asleep: false, status: 'updating' });
      },
    });
    // The expiry and the sleep schedule are chunks of their own, loaded for Dev/Test clusters.
    expect(await screen.findByTestId('preview-expiry', {}, { timeout: 5000 })).toHaveTextContent(
      'No expiry',
    );
    fireEvent.change(screen.getByLabelText('Hours from now'), { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set expiry' }));
    await waitFor(() => expect(bodies).toEqual([{ expiresInHours: 48 }]));
    fireEvent.click(await screen.findByRole('button', { name: 'Wake now' }, { timeout: 5000 }));
    await waitFor(() => expect(woken).toBe(true));
  });
});
