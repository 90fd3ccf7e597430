import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProviderHealth } from '@alpenkube/contract';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import { json, renderPage, type Route } from '@/test/test-utils';
import { ProviderTestPage } from './provider-test-page';

const health: ProviderHealth = {
  provider: 'gke',
  name: 'Google Cloud (GKE)',
  simulated: true,
  status: 'operational',
  latencyMs: 12,
  message: 'The simulated GKE driver answers',
  controlPlaneTime: 'about 4 minutes',
  regions: [
    { code: 'europe-west3', city: 'Frankfurt', country: 'DE', jurisdiction: 'eu', available: true },
    { code: 'us-east4', city: 'Ashburn', country: 'US', jurisdiction: 'non_eu', available: false },
  ],
  checkedAt: '2026-03-01T10:00:00.000Z',
};

function renderTestPage(validate: Route) {
  return renderPage(<ProviderTestPage />, {
    url: '/gcp-cluster-test',
    routes: {
      'GET /api/providers/gke/health': () => json(health),
      'GET /api/catalog': () => json(TEST_CATALOG),
      'POST /api/providers/gke/validate': validate,
    },
  });
}

describe('a provider test page', () => {
  it('shows the driver’s health and regions, and says it is simulated', async () => {
    renderTestPage(() => json({}));
    expect(
      await screen.findByRole('heading', { name: 'Google Cloud (GKE) diagnostics', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('provider-health-status')).toHaveTextContent('Operational');
    expect(screen.getByTestId('provider-latency')).toHaveTextContent('12 ms');
    expect(screen.getByText('about 4 minutes')).toBeInTheDocument();
    expect(screen.getByText('Simulated provider')).toBeInTheDocument();
    const rows = screen.getAllByTestId('provider-region');
    expect(rows.map((row) => row.getAttribute('data-region'))).toEqual([
      'europe-west3',
      'us-east4',
    ]);
    expect(within(rows[1]!).getByText('No capacity')).toBeInTheDocument();
  });

  it('posts the configuration to the driver and shows its answer', async () => {
    const bodies: unknown[] = [];
    renderTestPage((init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return json({
        valid: false,
        issues: [{ path: ['region'], message: 'No capacity in us-east4 now' }],
        estimate: null,
      });
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Region'), 'us-east4');
    await user.selectOptions(screen.getByLabelText('Tier'), 'red');
    await user.clear(screen.getByLabelText('Nodes'));
    await user.type(screen.getByLabelText('Nodes'), '5');
    await user.click(screen.getByRole('button', { name: 'Validate with Google Cloud (GKE)' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'region No capacity in us-east4 now',
    );
    expect(bodies).toEqual([
      {
        tier: 'red',
        region: 'us-east4',
        kubernetesVersion: '1.37',
        // Red has no s-2vcpu-4gb: the pool moved to its first size.
        nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 5 }],
        // Red includes the HA control plane, and sells only that.
        haControlPlane: true,
      },
    ]);
  });

  it('refuses a count the schema cannot send, before asking the driver', async () => {
    const bodies: unknown[] = [];
    renderTestPage(() => {
      bodies.push(1);
      return json({});
    });
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Nodes'));
    await user.click(screen.getByRole('button', { name: 'Validate with Google Cloud (GKE)' }));
    expect(await screen.findByLabelText('Nodes')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });
});
