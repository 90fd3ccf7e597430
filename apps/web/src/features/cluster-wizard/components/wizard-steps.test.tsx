import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { back, next, renderWizard, stepHeading } from '../test-render';
import { DRAFT_STORAGE_KEY, readDraft } from '../wizard-draft';

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

const steps = () => within(screen.getByRole('navigation', { name: 'Steps of the cluster order' }));

// Whole journeys through the steps: clicks and typing add up to seconds on a busy machine.
describe('ClusterWizard steps', { timeout: 20_000 }, () => {
  it('marks the current step, and moves the focus to the heading of the next one', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    expect(steps().getByRole('button', { name: /Cluster tier/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByRole('radio', { name: /Standard \(Blue\)/ })).toBeChecked();

    await next();
    const heading = await stepHeading('Provider and region');
    expect(heading).toHaveFocus();
    expect(steps().getByRole('button', { name: /Provider and region/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(steps().getByRole('button', { name: /Cluster tier/ })).not.toHaveAttribute(
      'aria-current',
    );
    // The default provider and the newest version are chosen for you.
    expect(screen.getByRole('radio', { name: /Alpenkube Sovereign Cloud/ })).toBeChecked();
    await next();
    await stepHeading('Kubernetes version');
    expect(screen.getByRole('radio', { name: /Kubernetes 1\.37/ })).toBeChecked();
    expect(screen.getByText('Supported until 28 October 2027')).toBeInTheDocument();
  });

  it('keeps every answer when going back, and the step list goes back to a step', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    await userEvent.click(screen.getByRole('radio', { name: /Economy \(Green\)/ }));
    await next();
    await stepHeading('Provider and region');
    await userEvent.click(screen.getByRole('radio', { name: /Google Cloud/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Frankfurt, Germany europe-west3/ }));
    await next();
    await stepHeading('Kubernetes version');
    await userEvent.click(screen.getByRole('radio', { name: /Kubernetes 1\.36/ }));

    await back();
    await stepHeading('Provider and region');
    expect(screen.getByRole('radio', { name: /Google Cloud/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /europe-west3/ })).toBeChecked();
    await userEvent.click(steps().getByRole('button', { name: /Cluster tier/ }));
    await stepHeading('Cluster tier');
    expect(screen.getByRole('radio', { name: /Economy \(Green\)/ })).toBeChecked();
    // Forward again, up to the furthest step reached.
    await userEvent.click(steps().getByRole('button', { name: /Kubernetes version/ }));
    await stepHeading('Kubernetes version');
    expect(screen.getByRole('radio', { name: /Kubernetes 1\.36/ })).toBeChecked();
    expect(steps().getByRole('button', { name: /Node pools/ })).toBeDisabled();
  });

  it('keeps the draft over a reload, and a configuration link starts a new one', async () => {
    renderWizard();
    await stepHeading('Cluster tier');
    await userEvent.click(screen.getByRole('radio', { name: /AI\/ML/ }));
    await next();
    await stepHeading('Provider and region');
    await waitFor(() => expect(readDraft()?.step).toBe('location'));
    const key = readDraft()!.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    cleanup();
    renderWizard();
    await stepHeading('Provider and region');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: /AI\/ML/ })).toBeChecked();
    expect(readDraft()!.idempotencyKey).toBe(key);

    cleanup();
    const { router } = renderWizard({ url: '/configure-cluster?tier=green&ha=0&cycle=yearly' });
    await stepHeading('Cluster tier');
    expect(screen.getByRole('radio', { name: /Economy \(Green\)/ })).toBeChecked();
    // Read once: the URL drops it, so a reload restores the draft with later edits.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(readDraft()!.values.billingCycle).toBe('yearly');
    expect(readDraft()!.idempotencyKey).not.toBe(key);
    // Every step is open: the link carried a whole configuration.
    await userEvent.click(steps().getByRole('button', { name: /Review and order/ }));
    await stepHeading('Review and order');
  });

  it('starts afresh from storage it cannot read', async () => {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, '{"values": 3}');
    renderWizard();
    await stepHeading('Cluster tier');
    expect(screen.getByRole('radio', { name: /Standard \(Blue\)/ })).toBeChecked();
  });
});
