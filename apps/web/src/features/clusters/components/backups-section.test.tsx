import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backup, Cluster, ClusterBackups } from '@alpenkube/contract';
import { json, renderPage, type Route } from '@/test/test-utils';
import { cluster } from '../test-clusters';
import { BackupsSection } from './backups-section';

afterEach(() => vi.unstubAllGlobals());

function backup(overrides: Partial<Backup> = {}): Backup {
  return {
    id: 7,
    clusterId: 42,
    kind: 'scheduled',
    status: 'completed',
    takenAt: '2026-03-02T00:01:00.000Z',
    completedAt: '2026-03-02T00:01:20.000Z',
    sizeBytes: 44_354_765,
    expiresAt: '2026-03-09T00:01:00.000Z',
    error: null,
    ...overrides,
  };
}

const daily: ClusterBackups = {
  policy: { frequency: 'daily', retentionDays: 7, line: 'Daily etcd backups, kept 7 days' },
  simulated: true,
  backups: [
    backup({ id: 9, kind: 'manual', status: 'running', sizeBytes: null, completedAt: null }),
    backup(),
    backup({ id: 6, status: 'failed', sizeBytes: null, error: 'Snapshot storage unavailable' }),
  ],
};

function renderSection(
  current: Cluster,
  answer: ClusterBackups,
  routes: Record<string, Route> = {},
) {
  return renderPage(<BackupsSection cluster={current} />, {
    url: '/clusters/42',
    path: '/clusters/:id',
    routes: { 'GET /api/clusters/42/backups': () => json(answer), ...routes },
  });
}

describe('the cluster page’s backups', () => {
  it('states the tier’s schedule and that it is simulated, and lists each backup', async () => {
    renderSection(cluster(), daily);
    expect(
      await screen.findByText(/Daily etcd backups, kept 7 days, while the cluster is running\./),
    ).toHaveTextContent('Simulated provider: snapshots are modelled, not stored.');
    const rows = within(screen.getByRole('list', { name: 'Backups' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Taking');
    expect(rows[0]).toHaveTextContent('On demand');
    expect(within(rows[0]!).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(rows[1]).toHaveTextContent('Complete');
    expect(rows[1]).toHaveTextContent('42.3 MB');
    expect(rows[1]).toHaveTextContent(/kept until/);
    expect(rows[2]).toHaveTextContent('Snapshot storage unavailable');
    expect(within(rows[2]!).queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('restores from a complete backup once confirmed', async () => {
    const restore = vi.fn(() => json(cluster({ status: 'updating' })));
    renderSection(cluster(), daily, { 'POST /api/clusters/42/backups/7/restore': restore });
    const rows = await screen.findAllByRole('listitem');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /Restore from the backup of/ }));
    const dialog = await screen.findByRole('dialog', {
      name: /Restore prod-eu from the backup of/,
    });
    expect(dialog).toHaveTextContent(/created or changed since are lost/);
    expect(restore).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(restore).toHaveBeenCalledTimes(1));
  });

  it('takes a backup on demand while running; neither on demand nor restore otherwise', async () => {
    const take = vi.fn(() => json(backup({ id: 10, kind: 'manual', status: 'running' }), 201));
    const { view } = renderSection(cluster(), daily, { 'POST /api/clusters/42/backups': take });
    fireEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(take).toHaveBeenCalledTimes(1));
    view.unmount();

    renderSection(cluster({ status: 'updating' }), daily);
    expect(await screen.findByRole('button', { name: 'Back up now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Restore from the backup of/ })).toBeDisabled();
  });

  it('says a real provider offers no snapshots, and offers no backup', async () => {
    renderSection(cluster({ provider: { slug: 'doks', name: 'DigitalOcean', simulated: false } }), {
      ...daily,
      simulated: false,
      backups: [],
    });
    expect(
      await screen.findByText(
        /DigitalOcean offers no etcd snapshots: the platform takes no backups of this cluster\./,
      ),
    ).toBeVisible();
    expect(screen.getByText('No backups.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });

  it('says so where the tier has no backups', async () => {
    renderSection(cluster({ tier: { slug: 'data', name: 'Data Analytics' } }), {
      policy: null,
      simulated: true,
      backups: [],
    });
    expect(
      await screen.findByText(/The Data Analytics tier includes no etcd backups\./),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull();
  });
});
