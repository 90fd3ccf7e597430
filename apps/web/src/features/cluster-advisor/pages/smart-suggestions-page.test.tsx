import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalog } from '@alpenkube/contract';
import { clusterConfigSchema } from '@alpenkube/contract/cluster-config';
import { decodeClusterConfig } from '@/lib/catalog/config-url';
import { configFromLink } from '@/lib/catalog/cluster-config-rules';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import realCatalog from '../alpenkube-catalog.fixture.json';
import { SmartSuggestionsPage } from './smart-suggestions-page';

const CATALOG = realCatalog as Catalog;

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

function renderAdvisor() {
  return renderPage(<SmartSuggestionsPage />, {
    url: '/smart-suggestions',
    routes: { 'GET /api/catalog': () => json(CATALOG) },
  });
}

const suggestion = () => screen.getByTestId('suggestion');
const reasons = () =>
  within(suggestion())
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('SmartSuggestionsPage', { timeout: 20_000 }, () => {
  it('suggests a cluster for the first answers, priced by the engine, with its reasons', async () => {
    renderAdvisor();
    expect(await screen.findByRole('heading', { name: 'Standard', level: 3 })).toBeVisible();
    // 3 × m-4vcpu-16gb at $91.20 and the control plane at $68.40, in Stockholm (×0.95).
    expect(screen.getByTestId('suggestion-price')).toHaveTextContent('$342.00');
    expect(within(suggestion()).getByText('workers: 3 × m-4vcpu-16gb')).toBeVisible();
    expect(reasons()).toContain(
      'Production during business hours: Standard (Blue), with a 99.9% API availability target.',
    );
  });

  it('follows every answer: critical production, GPUs, a country, analytics', async () => {
    const user = userEvent.setup();
    renderAdvisor();
    await screen.findByTestId('suggestion');

    await user.click(screen.getByRole('radio', { name: '24x7 critical' }));
    expect(await screen.findByRole('heading', { name: 'Enterprise', level: 3 })).toBeVisible();
    expect(reasons()).toContain(
      'A critical cluster runs on at least 3 nodes, so it keeps serving while one of them fails.',
    );
    expect(within(suggestion()).getByText('High availability (3 zones)')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Needed' }));
    expect(await screen.findByRole('heading', { name: 'AI/ML', level: 3 })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'A specific country' }));
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    await waitFor(() =>
      expect(reasons()).toContain(
        "Your data must stay in the United States, where Alpenkube Sovereign Cloud has no region: DigitalOcean's New York (nyc3) is the lowest-priced one there.",
      ),
    );

    await user.click(screen.getByRole('radio', { name: 'Not needed' }));
    await user.click(screen.getByRole('checkbox', { name: /A data or analytics workload/ }));
    expect(await screen.findByRole('heading', { name: 'Data Analytics', level: 3 })).toBeVisible();
  });

  it('keeps the last suggestion while a number is being retyped, and says why', async () => {
    const user = userEvent.setup();
    renderAdvisor();
    await screen.findByTestId('suggestion');
    const cpu = screen.getByLabelText('CPU (vCPU)');
    await user.clear(cpu);
    expect(await screen.findByText('Give the vCPU as a whole number, e.g. 8')).toBeVisible();
    expect(cpu).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Fix the answers marked above/)).toBeVisible();
    expect(screen.getByTestId('suggestion-price')).toHaveTextContent('$342.00');

    await user.type(cpu, '40');
    await waitFor(() =>
      expect(within(suggestion()).getByText('workers: 25 × s-2vcpu-4gb')).toBeVisible(),
    );
    expect(screen.queryByText(/Fix the answers marked above/)).toBeNull();
  });

  it('opens the wizard with the suggested configuration, which the contract accepts', async () => {
    const user = userEvent.setup();
    const { router } = renderAdvisor();
    await screen.findByTestId('suggestion');
    await user.click(screen.getByRole('radio', { name: '24x7 critical' }));
    await user.click(screen.getByRole('link', { name: 'Configure this cluster' }));

    await screen.findByTestId('elsewhere');
    expect(router.state.location.pathname).toBe('/configure-cluster');
    const link = decodeClusterConfig(new URLSearchParams(router.state.location.search));
    expect(link).toMatchObject({
      tier: 'red',
      provider: 'alpenkube',
      region: 'eu-se-sto',
      nodePools: [{ name: 'workers', size: 'm-4vcpu-16gb', count: 3 }],
      haControlPlane: true,
      supportPlan: 'business',
    });
    const opened = configFromLink(link, CATALOG, 'monthly');
    expect(clusterConfigSchema(CATALOG).safeParse(opened).success).toBe(true);
  });
});
