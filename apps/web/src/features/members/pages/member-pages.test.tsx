import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Member, MembersSummary, PromotionRequest } from '@alpenkube/contract';
import { json, renderPage, testUser } from '@/test/test-utils';
import { PromotionRequestSection } from '../components/promotion-request-section';
import { PendingRegistrationsPage } from './pending-registrations-page';
import { UserManagementPage } from './user-management-page';

const admin = { ...testUser, id: 1, username: 'ada', name: 'Ada Admin', role: 'admin' as const };

const member = (overrides: Partial<Member>): Member => ({
  id: 2,
  username: 'bob',
  name: 'Bob Builder',
  email: 'bob@example.com',
  role: 'user',
  status: 'active',
  statusReason: null,
  mfaEnabled: false,
  lastLoginAt: null,
  officerAccess: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  organizationId: 1,
  organizationName: 'Example AG',
  ...overrides,
});

const summary: MembersSummary = {
  pendingRegistrations: 2,
  pendingPromotions: 1,
  pendingInvitations: 0,
  mfaRequired: false,
  organizationName: 'Example AG',
};

describe('user management', () => {
  it('lists the people with role, status and two-factor, and counts what waits', async () => {
    renderPage(<UserManagementPage />, {
      url: '/user-management',
      user: admin,
      routes: {
        'GET /api/admin/people/summary': () => json(summary),
        'GET /api/admin/users?limit=50': () =>
          json([
            member({}),
            member({
              id: 3,
              username: 'carl',
              name: null,
              status: 'disabled',
              statusReason: 'Left the company',
              mfaEnabled: true,
            }),
          ]),
      },
    });
    const bob = await screen.findByTestId('member-bob');
    expect(bob).toHaveTextContent('Bob Builder');
    expect(bob).toHaveTextContent('Customer');
    expect(bob).toHaveTextContent('Active');
    const carl = screen.getByTestId('member-carl');
    expect(carl).toHaveTextContent('Disabled');
    expect(carl).toHaveTextContent('Left the company');
    expect(within(carl).getByText('On')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'User management sections' });
    expect(within(tabs).getByRole('link', { name: /Pending registrations/ })).toHaveTextContent(
      '2',
    );
    // An admin gets no organization filter or column: they see their own organization only.
    expect(screen.queryByRole('form', { name: 'Organization filter' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Organization' })).toBeNull();
  });

  it('makes a customer an admin from the row menu', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(<UserManagementPage />, {
      url: '/user-management',
      user: admin,
      routes: {
        'GET /api/admin/people/summary': () => json(summary),
        'GET /api/admin/users?limit=50': () => json([member({})]),
        'PUT /api/admin/users/2/role': () => json(member({ role: 'admin' })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Bob Builder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    await waitFor(() => expect(calls).toContain('PUT /api/admin/users/2/role'));
  });

  it('gives a super admin the organization filter from ?organization=', async () => {
    renderPage(<UserManagementPage />, {
      url: '/user-management?organization=9',
      user: { ...admin, role: 'super_admin' },
      routes: {
        'GET /api/admin/people/summary?organizationId=9': () =>
          json({ ...summary, organizationName: 'Nordwind' }),
        'GET /api/admin/users?organizationId=9&limit=50': () => json([member({})]),
      },
    });
    expect(await screen.findByText('Nordwind')).toBeInTheDocument();
    expect(await screen.findByTestId('member-bob')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Every organization' })).toBeInTheDocument();
  });

  it('asks for a reason before rejecting a registration', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(<PendingRegistrationsPage />, {
      url: '/admin/pending-registrations',
      user: admin,
      routes: {
        'GET /api/admin/people/summary': () => json(summary),
        'GET /api/admin/registrations': () => json([member({ status: 'pending_approval' })]),
        'POST /api/admin/registrations/2/reject': () =>
          json(member({ status: 'rejected', statusReason: 'Unknown to us' })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject Bob Builder' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/admin/registrations/2/reject');
    await user.type(within(dialog).getByLabelText('Reason'), 'Unknown to us');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toContain('POST /api/admin/registrations/2/reject'));
  });
});

describe('become an admin (Settings)', () => {
  const pending: PromotionRequest = {
    id: 4,
    userId: 7,
    username: 'ann',
    name: 'Ann Example',
    email: 'ann@example.com',
    reason: 'I run the platform team.',
    status: 'pending',
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    organizationId: 1,
    organizationName: 'Example AG',
  };

  it('sends a request with a reason, then shows that it waits', async () => {
    const user = userEvent.setup();
    let asked = false;
    const { calls } = renderPage(<PromotionRequestSection />, {
      url: '/settings',
      routes: {
        'GET /api/promotion-requests/mine': () => json(asked ? pending : null),
        'POST /api/promotion-requests': () => {
          asked = true;
          return json(pending, 201);
        },
      },
    });
    const reason = await screen.findByLabelText('Why do you need admin rights?');
    await user.type(reason, 'short');
    await user.click(screen.getByRole('button', { name: 'Ask to become an admin' }));
    expect(await screen.findByText(/at least 10 characters/)).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/promotion-requests');
    await user.type(reason, ' but now a longer reason');
    await user.click(screen.getByRole('button', { name: 'Ask to become an admin' }));
    expect(await screen.findByText('Waiting for an answer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to become an admin' })).toBeNull();
  });

  it('shows a refusal with the admin’s note, and lets the member ask again', async () => {
    renderPage(<PromotionRequestSection />, {
      url: '/settings',
      routes: {
        'GET /api/promotion-requests/mine': () =>
          json({
            ...pending,
            status: 'refused',
            decidedBy: 'Ada Admin',
            decidedAt: '2026-11-21T10:00:00.000Z',
            decisionNote: 'Not this quarter',
          }),
      },
    });
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin wrote: Not this quarter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask to become an admin' })).toBeInTheDocument();
  });
});
