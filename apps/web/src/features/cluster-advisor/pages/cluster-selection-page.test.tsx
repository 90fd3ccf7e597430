import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalog } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import realCatalog from '../alpenkube-catalog.fixture.json';
import { ClusterSelectionPage } from './cluster-selection-page';

const CATALOG = realCatalog as Catalog;

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

function renderSelection() {
  return renderPage(<ClusterSelectionPage />, {
    url: '/cluster-selection',
    routes: { 'GET /api/catalog': () => json(CATALOG) },
  });
}

/** The table's cell of a tier's column in a fact's row. */
function cell(table: HTMLElement, fact: string, tierIndex: number) {
  const row = within(table).getByRole('rowheader', { name: fact }).closest('tr')!;
  return within(row).getAllByRole('cell')[tierIndex]!;
}

describe('ClusterSelectionPage', { timeout: 20_000 }, () => {
  it('compares every tier side by side, with the prices of the catalog', async () => {
    renderSelection();
    const table = await screen.findByRole('table', { name: 'The cluster tiers compared' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .slice(1)
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'StandardBlue',
      'EnterpriseRed',
      'EconomyGreen',
      'Data Analytics',
      'AI/MLViolet',
      'Dev/TestOrange',
      'SandboxGray',
    ]);
    expect(cell(table, 'Per node, a month', 0)).toHaveTextContent('$48.00 to $192.00');
    expect(cell(table, 'Control plane, a month', 0)).toHaveTextContent('$72.00');
    expect(cell(table, 'Control plane, a month', 2)).toHaveTextContent('Free');
    // 3 × $48 and the control plane.
    expect(cell(table, 'Smallest cluster, a month', 0)).toHaveTextContent('$216.00');
    expect(cell(table, 'Node sizes', 0)).toHaveTextContent('2 vCPU, 4 GiB to 8 vCPU, 32 GiB');
    expect(cell(table, 'Nodes', 1)).toHaveTextContent('3 to 200 nodes');
    expect(cell(table, 'HA control plane', 0)).toHaveTextContent('$144.00 a month extra');
    expect(cell(table, 'HA control plane', 1)).toHaveTextContent('Included');
    expect(cell(table, 'HA control plane', 6)).toHaveTextContent('Not offered');
    expect(cell(table, 'GPUs', 4)).toHaveTextContent('NVIDIA L4, NVIDIA H100');
    expect(cell(table, 'GPUs', 0)).toHaveTextContent('None');
    expect(cell(table, 'SLA', 1)).toHaveTextContent('99.95% API availability');
  });

  it('has a card per tier for narrow screens, saying the same', async () => {
    renderSelection();
    const cards = await screen.findByRole('list', { name: 'Cluster tiers' });
    const names = within(cards)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(CATALOG.tiers.map((tier) => tier.name.replace(/\s*\(.*\)$/, '')));
    const sandbox = within(cards).getAllByRole('listitem')[6]!;
    expect(within(sandbox).getByText('1 node')).toBeVisible();
  });

  it('opens the wizard with a tier chosen from its Configure button, and leads to suggestions', async () => {
    const user = userEvent.setup();
    const { router } = renderSelection();
    const table = await screen.findByRole('table', { name: 'The cluster tiers compared' });
    for (const tier of CATALOG.tiers) {
      expect(within(table).getByRole('link', { name: `Configure ${tier.name}` })).toHaveAttribute(
        'href',
        `/configure-cluster?tier=${tier.slug}`,
      );
    }
    expect(screen.getByRole('link', { name: /Answer a few questions/ })).toHaveAttribute(
      'href',
      '/smart-suggestions',
    );
    await user.click(within(table).getByRole('link', { name: 'Configure AI/ML (Violet)' }));
    await screen.findByTestId('elsewhere');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/configure-cluster?tier=ai',
    );
  });
});
