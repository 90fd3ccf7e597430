import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { back, next, renderWizard, stepHeading } from '../test-render';
import { readDraft } from '../wizard-draft';

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

async function goTo(title: string) {
  for (;;) {
    const form = await screen.findByRole('form', { name: 'Cluster configuration' });
    const heading = within(form).getByRole('heading', { level: 2 });
    if (heading.textContent === title) return;
    await next();
  }
}

const pools = () => within(screen.getByRole('list', { name: 'Node pools' })).getAllByRole('group');

// Whole journeys through the steps: clicks and typing add up to seconds on a busy machine.
describe('ClusterWizard answers', { timeout: 20_000 }, () => {
  it('adds and removes node pools, and keeps the last one', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    await goTo('Node pools');
    expect(pools()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove node pool pool-1' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add node pool' }));
    expect(pools()).toHaveLength(2);
    expect(within(pools()[1]!).getByLabelText('Pool name')).toHaveValue('pool-2');
    expect(screen.getByText(/This configuration has/)).toHaveTextContent('has 4.');

    await userEvent.click(screen.getByRole('button', { name: 'Remove node pool pool-1' }));
    expect(pools()).toHaveLength(1);
    expect(within(pools()[0]!).getByLabelText('Pool name')).toHaveValue('pool-2');
    await waitFor(() => expect(readDraft()!.values.nodePools).toHaveLength(1));
  });

  it("shows the server's own message next to a refused field and stays on the step", async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    await goTo('Node pools');
    const count = screen.getByLabelText('Nodes');
    await userEvent.clear(count);
    await userEvent.type(count, '60');
    expect(screen.getByTestId('price-unavailable')).toBeInTheDocument();
    await next();
    const message = await screen.findByText('Standard (Blue) takes at most 50 nodes');
    expect(message).toHaveAttribute('role', 'alert');
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(count).toHaveFocus();
    await stepHeading('Node pools');

    await userEvent.clear(count);
    expect(count).toHaveValue(null);
    await next();
    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();

    await userEvent.type(count, '4');
    await userEvent.click(screen.getByLabelText('Autoscale this pool'));
    const max = screen.getByLabelText('Autoscale maximum');
    await userEvent.clear(max);
    await userEvent.type(max, '2');
    await next();
    expect(
      await screen.findByText('The autoscaling maximum (2) is below the node count (4)'),
    ).toBeInTheDocument();
    await userEvent.clear(max);
    await userEvent.type(max, '8');
    await next();
    await stepHeading('Add-ons and support');
  });

  it('filters regions to the EU and moves a non-EU choice to an EU region', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    await next();
    await stepHeading('Provider and region');
    await userEvent.click(screen.getByRole('radio', { name: /Google Cloud/ }));
    // The provider's first region is chosen; each says its jurisdiction.
    const frankfurt = screen.getByRole('radio', { name: /europe-west3/ });
    expect(frankfurt).toBeChecked();
    expect(frankfurt.closest('label')).toHaveTextContent('EU jurisdiction');
    const ashburn = screen.getByRole('radio', { name: /Ashburn, United States/ });
    expect(ashburn.closest('label')).toHaveTextContent('Outside the EU');
    await userEvent.click(ashburn);

    await userEvent.click(screen.getByLabelText('EU only'));
    expect(screen.queryByRole('radio', { name: /Ashburn/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /europe-west3/ })).toBeChecked();
    await waitFor(() => expect(readDraft()!.euOnly).toBe(true));
    await next();
    await back();
    expect(screen.getByLabelText('EU only')).toBeChecked();
  });

  it('drops the add-ons a new tier does not offer, and says so', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    await goTo('Add-ons and support');
    await userEvent.click(screen.getByRole('checkbox', { name: /^service-mesh/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^monitoring/ }));
    expect(screen.queryByRole('checkbox', { name: /^gpu-operator/ })).toBeNull();
    expect(screen.getByText('Not offered on Standard (Blue): gpu-operator.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Cluster tier/ }));
    await stepHeading('Cluster tier');
    await userEvent.click(screen.getByRole('radio', { name: /Economy \(Green\)/ }));
    expect(
      screen.getByText(/Removed add-ons Economy \(Green\) does not offer: service-mesh\./),
    ).toBeInTheDocument();
    await waitFor(() => expect(readDraft()!.values.addons).toEqual(['monitoring']));

    await userEvent.click(screen.getByRole('button', { name: /Add-ons and support/ }));
    await stepHeading('Add-ons and support');
    expect(screen.getByRole('checkbox', { name: /^monitoring/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /^service-mesh/ })).toBeNull();
  });

  it('keeps an HA control plane the tier includes on, and not a choice', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    await userEvent.click(screen.getByRole('radio', { name: /Enterprise \(Red\)/ }));
    await goTo('Node pools');
    const ha = screen.getByRole('checkbox', { name: /High-availability control plane/ });
    expect(ha).toBeChecked();
    expect(ha).toBeDisabled();
  });

  it('opens a link as it is, and says on its step what the catalog refuses', async () => {
    renderWizard({ url: '/configure-cluster?tier=blue&provider=gke&region=nowhere' });
    await stepHeading('Cluster tier');
    await next();
    await stepHeading('Provider and region');
    expect(screen.getByRole('radio', { name: /Google Cloud/ })).toBeChecked();
    await next();
    expect(await screen.findByText('nowhere is not a region of Google Cloud')).toBeInTheDocument();
    await stepHeading('Provider and region');
  });

  it('prices every step live with the engine', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    // Blue: control plane $72 + 3 × $48 = $216 a month.
    const price = within(screen.getByRole('complementary', { name: 'Price' }));
    expect(price.getByTestId('price-due')).toHaveTextContent('$216.00');
    await userEvent.click(screen.getByRole('radio', { name: /Economy \(Green\)/ }));
    // Green: no control-plane fee, 3 × $29.
    expect(price.getByTestId('price-due')).toHaveTextContent('$87.00');
  });
});
