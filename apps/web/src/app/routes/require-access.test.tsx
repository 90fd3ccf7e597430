import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { createTestQueryClient, json, mockFetch, testUser } from '@/test/test-utils';
import { MemberRoutes, OfficerRoutes, OrgAdminRoutes } from './require-access';

const auth = vi.hoisted(() => ({ user: null as unknown, isLoading: false }));
vi.mock('@/lib/session/use-auth', () => ({ useAuth: () => auth }));

afterEach(() => {
  vi.unstubAllGlobals();
  clearGetCache();
});

function renderAt(path: string, officerAccess: boolean | 'never') {
  const { calls } = mockFetch({
    'GET /api/officers/check-access': () =>
      officerAccess === 'never' ? new Promise<Response>(() => undefined) : json(officerAccess),
  });
  const router = createMemoryRouter(
    [
      {
        element: <OfficerRoutes />,
        children: [{ path: '/officers/panel', element: <p>Panel</p> }],
      },
      {
        element: <OrgAdminRoutes />,
        children: [{ path: '/user-management', element: <p>People</p> }],
      },
      {
        element: <MemberRoutes />,
        children: [{ path: '/clusters', element: <p>Clusters</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls };
}

const member = { ...testUser, status: 'active', organizationStatus: 'active' };

describe('route guards', () => {
  it('refuses the officers panel to a signed-in user without officer access', async () => {
    Object.assign(auth, { user: member, isLoading: false });
    renderAt('/officers/panel', false);
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
  });

  it('shows the officers panel once the check grants access to an officer with two-factor', async () => {
    Object.assign(auth, { user: { ...member, mfaEnabled: true }, isLoading: false });
    renderAt('/officers/panel', true);
    expect(await screen.findByText('Panel')).toBeInTheDocument();
  });

  it('sends platform staff without two-factor to set it up, whatever their organization requires', async () => {
    Object.assign(auth, { user: { ...member, mfaEnabled: false }, isLoading: false });
    renderAt('/officers/panel', true);
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication first' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor' })).toHaveAttribute(
      'href',
      '/settings#two-factor',
    );
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
  });

  it("shows a person waiting to join what they wait for in place of the organization's pages", async () => {
    Object.assign(auth, {
      user: { ...member, status: 'pending_approval', emailVerified: false },
      isLoading: false,
    });
    renderAt('/clusters', false);
    expect(
      await screen.findByRole('heading', {
        name: "Your request to join is with the organization's admins",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Verify your e-mail address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open a support ticket/ })).toHaveAttribute(
      'href',
      '/orders/support',
    );
    expect(screen.queryByText('Clusters')).not.toBeInTheDocument();
  });

  it("shows a member the organization's pages", async () => {
    Object.assign(auth, { user: member, isLoading: false });
    renderAt('/clusters', false);
    expect(await screen.findByText('Clusters')).toBeInTheDocument();
  });

  it('shows neither page nor refusal while the check runs', () => {
    Object.assign(auth, { user: member, isLoading: false });
    renderAt('/officers/panel', 'never');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access...');
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
  });

  it('lets admins and super admins into the admin pages, and no one else', async () => {
    Object.assign(auth, { user: { ...member, role: 'admin' }, isLoading: false });
    const { calls } = renderAt('/user-management', false);
    expect(await screen.findByText('People')).toBeInTheDocument();
    // Only the officers level asks the server.
    expect(calls).toEqual([]);
  });

  it.each([
    ['a user', { ...member, role: 'user' }],
    [
      'an admin still waiting for approval',
      { ...member, role: 'admin', status: 'pending_approval' },
    ],
  ])('refuses the admin pages to %s', async (_label, user) => {
    Object.assign(auth, { user, isLoading: false });
    renderAt('/user-management', false);
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('People')).not.toBeInTheDocument();
  });
});
