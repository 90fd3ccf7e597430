import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';

const auth = vi.hoisted(() => ({
  user: null as unknown,
  isLoading: false,
  logoutMutation: { isPending: false, isSuccess: false },
}));
vi.mock('@/lib/session/use-auth', () => ({ useAuth: () => auth }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <p>Sign-in page</p> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/billing', element: <p>Billing</p> },
          { path: '/settings', element: <p>Settings</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('protected routes', () => {
  it('shows a spinner with text while the session loads', () => {
    Object.assign(auth, { user: null, isLoading: true });
    renderAt('/billing');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
  });

  it('saves the path and goes to /auth after 100 ms when signed out', () => {
    Object.assign(auth, { user: null, isLoading: false });
    const router = renderAt('/billing?tab=invoices');
    expect(sessionStorage.getItem('postLoginRedirect')).toBe('/billing?tab=invoices');
    act(() => vi.advanceTimersByTime(99));
    expect(router.state.location.pathname).toBe('/billing');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });

  it('renders the page for a signed-in user', () => {
    Object.assign(auth, { user: { id: 1 }, isLoading: false });
    renderAt('/billing');
    expect(screen.getByText('Billing')).toBeInTheDocument();
  });

  it('neither saves the page nor goes to /auth while signing out (logout goes to / itself)', async () => {
    sessionStorage.clear();
    Object.assign(auth, {
      user: null,
      isLoading: false,
      logoutMutation: { isPending: false, isSuccess: true },
    });
    const router = renderAt('/billing');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(sessionStorage.getItem('postLoginRedirect')).toBeNull();
    expect(router.state.location.pathname).toBe('/billing');
    Object.assign(auth, { logoutMutation: { isPending: false, isSuccess: false } });
  });

  it('leads a member whose organization requires two-factor to Settings until they set it up', () => {
    Object.assign(auth, { user: { id: 1, mfaSetupRequired: true }, isLoading: false });
    const router = renderAt('/billing');
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.hash).toBe('#two-factor');
    expect(screen.getByText('Settings')).toBeInTheDocument();
  });
});
