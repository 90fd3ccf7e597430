import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MembersSummary } from '@alpenkube/contract';
import type { OrganizationDomain } from '@alpenkube/contract/organization-settings';
import { json, renderPage, testUser } from '@/test/test-utils';
import { UserManagementPage } from './user-management-page';

const admin = { ...testUser, id: 1, username: 'ada', name: 'Ada Admin', role: 'admin' as const };

const summary: MembersSummary = {
  pendingRegistrations: 0,
  pendingPromotions: 0,
  pendingInvitations: 0,
  mfaRequired: false,
  organizationName: 'Example AG',
};

const domain: OrganizationDomain = {
  organizationId: 1,
  domain: 'example-ag.eu',
  verifiedAt: null,
  record: {
    name: '_alpenkube.example-ag.eu',
    type: 'TXT',
    value: 'alpenkube-verification=0123456789abcdef0123456789abcdef',
  },
  lastCheck: null,
  resolverNote: "This server asks its system's DNS resolver.",
};

describe('user management › organization', () => {
  it('sets the residency policy and shows what a domain check found', async () => {
    const sent: unknown[] = [];
    renderPage(<UserManagementPage />, {
      url: '/user-management?tab=organization',
      user: admin,
      routes: {
        'GET /api/admin/people/summary': () => json(summary),
        'GET /api/admin/organization/residency': () =>
          json({ organizationId: 1, organizationName: 'Example AG', policy: 'eu_only' }),
        'PUT /api/admin/organization/residency': (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json({ organizationId: 1, organizationName: 'Example AG', policy: 'any' });
        },
        'GET /api/admin/organization/domain': () => json(domain),
        'POST /api/admin/organization/domain/verify': (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json({
            outcome: 'not_found',
            message: 'Not found: _alpenkube.example-ag.eu has no TXT record yet.',
            domain: {
              ...domain,
              lastCheck: { at: '2026-11-28T10:00:00.000Z', outcome: 'not_found' },
            },
          });
        },
      },
    });
    const residency = await screen.findByTestId('residency-policy');
    expect(await screen.findByRole('radio', { name: /EU only/ })).toBeChecked();
    expect(residency).toHaveTextContent('EU only');
    await userEvent.click(screen.getByRole('radio', { name: /Any jurisdiction/ }));
    await waitFor(() => expect(sent).toContainEqual({ policy: 'any' }));

    const proof = screen.getByTestId('domain-proof');
    expect(proof).toHaveTextContent('Not verified');
    expect(screen.getByTestId('dns-record')).toHaveTextContent(
      'Name_alpenkube.example-ag.euTypeTXTValuealpenkube-verification=0123456789abcdef0123456789abcdef',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
    expect(screen.getByText(/has no TXT record yet/)).toBeInTheDocument();
    expect(sent).toContainEqual({ domain: 'example-ag.eu' });
  });
});
