import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { json } from '@/test/test-utils';
import { next, renderWizard, stepHeading } from '../test-render';

beforeEach(() => clearGetCache());
afterEach(() => vi.unstubAllGlobals());

const policy = (value: 'eu_only' | 'any') => ({
  'GET /api/organization/residency': () =>
    json({ organizationId: 1, organizationName: 'Acme', policy: value }),
});

describe("the wizard and the organization's residency policy", { timeout: 20_000 }, () => {
  it('offers only EU regions under an EU-only policy, and says who can change it', async () => {
    renderWizard({ routes: policy('eu_only') });
    await stepHeading('Cluster tier');
    await next();
    await stepHeading('Provider and region');
    await userEvent.click(screen.getByRole('radio', { name: /Google Cloud/ }));
    expect(await screen.findByTestId('residency-policy-note')).toHaveTextContent(
      /residency policy is EU only.*User Management › Organization/,
    );
    const filter = screen.getByLabelText('EU only');
    expect(filter).toBeChecked();
    expect(filter).toBeDisabled();
    expect(screen.queryByRole('radio', { name: /Ashburn/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /europe-west3/ })).toBeChecked();
  });

  it('offers every region when the organization allows any jurisdiction', async () => {
    renderWizard({ routes: policy('any') });
    await stepHeading('Cluster tier');
    await next();
    await stepHeading('Provider and region');
    await userEvent.click(screen.getByRole('radio', { name: /Google Cloud/ }));
    expect(screen.getByRole('radio', { name: /Ashburn/ })).toBeInTheDocument();
    expect(screen.getByLabelText('EU only')).toBeEnabled();
    expect(screen.queryByTestId('residency-policy-note')).toBeNull();
  });
});
