import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClusterAddons } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { clearGetCache } from '@/lib/http';
import { order } from '@/test/test-orders';
import { json, renderPage } from '@/test/test-utils';
import { AddonsPage } from './addons-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }), toast }));

const summary = {
  id: 42,
  name: 'prod-eu',
  status: 'running',
  statusReason: null,
  tier: { slug: 'blue', name: 'Standard (Blue)' },
  provider: { slug: 'alpenkube', name: 'Alpenkube', simulated: true },
  region: { code: 'eu-de-fra', city: 'Frankfurt', country: 'DE', jurisdiction: 'eu' },
  kubernetesVersion: '1.37',
  nodeCount: 3,
  monthlyCost: 45_000,
  billingCycle: 'monthly',
  operation: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const entry = (slug: string, overrides: Partial<ClusterAddons['addons'][number]> = {}) => ({
  slug,
  name: slug,
  unit: 'cluster' as const,
  installed: false,
  refusal: null,
  periodPrice: 0,
  installPrice: 0,
  removalCredit: 0,
  openOrderId: null,
  ...overrides,
});

const quote: ClusterAddons = {
  clusterId: 42,
  clusterName: 'prod-eu',
  billingCycle: 'monthly',
  periodEnd: '2026-12-23T10:00:00.000Z',
  hoursLeft: 100,
  periodHours: 720,
  providerNote: null,
  addons: [
    entry('monitoring', {
      installed: true,
      refusal: 'monitoring is already installed on prod-eu.',
      periodPrice: 2900,
      removalCredit: 1450,
    }),
    entry('backup', { unit: 'node', periodPrice: 1200, installPrice: 167 }),
    entry('service-mesh', { refusal: 'Already ordered: pay or cancel it.' }),
    entry('gpu-operator', { refusal: "gpu-operator is not available for prod-eu's tier" }),
  ],
};

function renderAddons(extra: Parameters<typeof renderPage>[1]['routes'] = {}) {
  return renderPage(<AddonsPage />, {
    url: '/add-ons',
    routes: {
      'GET /api/catalog': () => json(TEST_CATALOG),
      'GET /api/clusters?sort=name&limit=100': () =>
        json({ items: [summary], total: 1, page: 1, pageSize: 100 }),
      'GET /api/clusters/42/addons': () => json(quote),
      ...extra,
    },
  });
}

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});

describe('/add-ons', () => {
  it("shows each running cluster's add-ons and the catalog with prices and tiers", async () => {
    renderAddons();
    const card = await screen.findByTestId('cluster-addons');
    const installed = await within(card).findByRole('list', { name: 'Add-ons on prod-eu' });
    expect(within(installed).getByText('monitoring')).toBeInTheDocument();
    expect(
      within(installed).getByRole('button', { name: 'Remove monitoring from prod-eu' }),
    ).toBeEnabled();
    const cardOf = (name: string) =>
      screen
        .getAllByTestId('addon-card')
        .find((el) => el.querySelector('h3')?.textContent === name)!;
    expect(cardOf('backup')).toHaveTextContent(/\$4\.00\s*\/ node \/ month/);
    expect(cardOf('backup')).toHaveTextContent('1 running cluster can take it');
    expect(cardOf('gpu-operator')).toHaveTextContent('Runs on: AI/ML');
    expect(cardOf('gpu-operator')).toHaveTextContent('No running cluster to take it');
    expect(
      within(cardOf('gpu-operator')).getByRole('button', { name: 'Install gpu-operator' }),
    ).toBeDisabled();
  });

  it('installs: the prorated price from the server, then the checkout page of the new order', async () => {
    let sent: RequestInit | undefined;
    const { router } = renderAddons({
      'POST /api/addons/orders': (init) => {
        sent = init;
        return json(order({ id: 77, kind: 'addon' }), 201);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Install backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install backup' });
    expect(await within(dialog).findByTestId('install-price')).toHaveTextContent('$1.67');
    expect(within(dialog).getByTestId('install-quote')).toHaveTextContent(
      'You pay for the 100 hours left of its 720-hour period (to Dec 23, 2026)',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/77'));
    expect(JSON.parse(String(sent!.body))).toEqual({ clusterId: 42, addon: 'backup' });
    expect(new Headers(sent!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}-42-backup$/);
  });

  it('offers an add-on only on clusters that can take it now', async () => {
    renderAddons();
    const cardOf = async (name: string) =>
      (await screen.findAllByTestId('addon-card')).find(
        (el) => el.querySelector('h3')?.textContent === name,
      )!;
    // Ordered already (an open order), installed already: the server's refusal keeps it back.
    for (const name of ['service-mesh', 'monitoring']) {
      await waitFor(async () =>
        expect(await cardOf(name)).toHaveTextContent('No running cluster to take it'),
      );
      expect(screen.getByRole('button', { name: `Install ${name}` })).toBeDisabled();
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Install an add-on on prod-eu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install an add-on on prod-eu' });
    // Backup is the one add-on left for it: no choice to make, its price at once.
    expect(within(dialog).queryByLabelText('Add-on')).toBeNull();
    expect(await within(dialog).findByTestId('install-price')).toHaveTextContent('$1.67');
  });

  it('removes after a confirmation that shows the credit', async () => {
    const { calls } = renderAddons({
      'DELETE /api/clusters/42/addons/monitoring': () => json({ ...summary, status: 'updating' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove monitoring from prod-eu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove monitoring from prod-eu?' });
    expect(await within(dialog).findByTestId('removal-credit')).toHaveTextContent('$14.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove monitoring' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/clusters/42/addons/monitoring'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Removing monitoring' })),
    );
  });

  it("says how a real provider installs and removes add-ons, in the server's words", async () => {
    const note =
      "DigitalOcean installs each add-on as its 1-Click app. Its API has no uninstall: removing an add-on deletes the app's namespace and admission webhooks through the cluster's Kubernetes API, and its CustomResourceDefinitions stay in the cluster.";
    renderAddons({ 'GET /api/clusters/42/addons': () => json({ ...quote, providerNote: note }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Install backup' }));
    const install = await screen.findByRole('dialog', { name: 'Install backup' });
    expect(await within(install).findByTestId('addon-provider-note')).toHaveTextContent(note);
    fireEvent.keyDown(install, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Remove monitoring from prod-eu' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove monitoring from prod-eu?' });
    expect(await within(remove).findByText(note)).toBeInTheDocument();
    expect(within(remove).queryByText(/The provider uninstalls it/)).toBeNull();
  });
});
