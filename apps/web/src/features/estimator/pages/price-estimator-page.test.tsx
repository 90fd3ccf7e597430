import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { decodeClusterConfig } from '@/lib/catalog/config-url';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import { PriceEstimatorPage } from './price-estimator-page';

const toast = vi.fn();
vi.mock(import('@/components/ui/use-toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  toast: (input) => toast(input),
}));

beforeEach(() => {
  clearGetCache();
  toast.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

/** The page at `url`, signed out, with the contract's test catalog. */
function renderEstimator(url = '/price-estimator') {
  const { router } = renderPage(<PriceEstimatorPage />, {
    url,
    user: null,
    routes: { 'GET /api/catalog': () => json(TEST_CATALOG) },
  });
  const query = () => decodeClusterConfig(new URLSearchParams(router.state.location.search));
  return { router, query };
}

const total = () => screen.getByTestId('estimate-total').textContent;

// Whole journeys through the page: clicks and typing add up to seconds on a busy machine.
describe('PriceEstimatorPage', { timeout: 20_000 }, () => {
  it('starts from the catalog defaults, prices them and writes them into the URL', async () => {
    const { router, query } = renderEstimator();
    expect(await screen.findByLabelText('Cluster tier')).toHaveValue('blue');
    expect(screen.getByLabelText('Provider')).toHaveValue('alpenkube');
    expect(screen.getByLabelText('Region')).toHaveValue('eu-de-fra');
    expect(screen.getByLabelText('Kubernetes version')).toHaveValue('1.37');
    // Its end of support, and the upgrade the maintenance sweep performs before it.
    expect(screen.getByLabelText('Kubernetes version')).toHaveAccessibleDescription(
      /^Supported until .+, then upgraded for you in the cluster's maintenance window\.$/,
    );
    expect(screen.getByLabelText('Node size')).toHaveValue('s-2vcpu-4gb');
    expect(screen.getByLabelText('Nodes')).toHaveValue(3);
    expect(screen.getByTestId('jurisdiction')).toHaveTextContent('EU jurisdiction');
    // 72 + 3 × 48
    expect(total()).toBe('$216.00');
    await waitFor(() => expect(query().tier).toBe('blue'));
    expect(query()).toEqual({
      tier: 'blue',
      provider: 'alpenkube',
      region: 'eu-de-fra',
      kubernetesVersion: '1.37',
      nodePools: [{ name: 'pool-1', size: 's-2vcpu-4gb', count: 3 }],
      supportPlan: 'basic',
      billingCycle: 'monthly',
    });
    // Replaced, not pushed: Back leaves the estimator.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reopens a configuration from its URL and mirrors every edit', async () => {
    const user = userEvent.setup();
    const { query } = renderEstimator(
      '/price-estimator?tier=blue&provider=gke&region=europe-west3&version=1.36&pool=web:m-4vcpu-16gb:4:2:8&pool=batch:s-2vcpu-4gb:1&ha=1&addons=monitoring&support=business&cycle=yearly',
    );
    expect(await screen.findByLabelText('Provider')).toHaveValue('gke');
    expect(screen.getAllByTestId('node-pool')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /High-availability/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^monitoring/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Business/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.getByText(/a year, paid up front/)).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: /^service-mesh/ }));
    await user.click(screen.getByRole('button', { name: 'Add node pool' }));
    await user.click(screen.getByRole('radio', { name: /Monthly/ }));
    await waitFor(() => expect(query().addons).toEqual(['monitoring', 'service-mesh']));
    expect(query().nodePools).toHaveLength(3);
    expect(query().billingCycle).toBe('monthly');

    const link = screen.getByRole('link', { name: 'Order this configuration' });
    const search = new URL(link.getAttribute('href')!, 'http://x').search;
    expect(link.getAttribute('href')).toMatch(/^\/configure-cluster\?/);
    expect(decodeClusterConfig(new URLSearchParams(search))).toEqual(query());
  });

  it('fits the configuration into a new tier', async () => {
    const user = userEvent.setup();
    const { query } = renderEstimator(
      '/price-estimator?tier=blue&pool=web:l-8vcpu-32gb:30&pool=batch:s-2vcpu-4gb:5&addons=monitoring,service-mesh&ha=1',
    );
    await user.selectOptions(await screen.findByLabelText('Cluster tier'), 'green');
    const pools = screen.getAllByTestId('node-pool');
    expect(within(pools[0]!).getByLabelText('Node size')).toHaveValue('s-2vcpu-4gb');
    expect(within(pools[0]!).getByLabelText('Nodes')).toHaveValue(19);
    expect(within(pools[1]!).getByLabelText('Nodes')).toHaveValue(1);
    expect(screen.queryByRole('checkbox', { name: /^service-mesh/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /High-availability/ })).not.toBeChecked();
    await waitFor(() => expect(query().tier).toBe('green'));
    expect(query().addons).toEqual(['monitoring']);
    expect(query().haControlPlane).toBeUndefined();
    expect(screen.getByTestId('estimate-total')).toBeVisible();
  });

  it('shows the schema’s messages beside the fields and no price while they stand', async () => {
    const user = userEvent.setup();
    renderEstimator(
      '/price-estimator?tier=blue&region=us-east4&pool=web:s-2vcpu-4gb:60&addons=nope',
    );
    const count = await screen.findByLabelText('Nodes');
    expect(count).toHaveAccessibleDescription('Standard (Blue) takes at most 50 nodes');
    expect(screen.getByLabelText('Region')).toHaveAccessibleDescription(
      'us-east4 is not a region of Alpenkube Sovereign Cloud',
    );
    expect(screen.getByRole('checkbox', { name: /There is no add-on nope/ })).toBeChecked();
    expect(screen.queryByTestId('estimate-total')).toBeNull();
    expect(screen.getByRole('button', { name: 'Order this configuration' })).toBeDisabled();

    await user.clear(count);
    expect(count).toHaveAccessibleDescription('Enter a whole number');
    await user.type(count, '0');
    expect(count).toHaveAccessibleDescription(/>=\s?1/);
    await user.clear(count);
    await user.type(count, '5');
    await user.selectOptions(screen.getByLabelText('Region'), 'eu-de-fra');
    await user.click(screen.getByRole('checkbox', { name: /nope/ }));
    expect(await screen.findByTestId('estimate-total')).toHaveTextContent('$312.00');
  });

  it('copies the link and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderEstimator('/price-estimator?tier=green');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(
      expect.stringMatching(
        /\/price-estimator\?tier=green&provider=alpenkube&.*pool=pool-1:s-2vcpu-4gb:2/,
      ),
    );
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Link copied' }));
  });
});
