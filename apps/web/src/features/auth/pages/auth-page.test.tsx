import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { AuthPage } from './auth-page';
import {
  createTestQueryClient,
  json,
  mockFetch,
  testUser,
  withProviders,
  type Route,
} from '@/test/test-utils';

vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast: vi.fn() }) }));

beforeEach(() => {
  clearGetCache();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAuthPage(routes: Record<string, Route>, initialPath = '/auth') {
  const fetch = mockFetch({
    'GET /api/user': () => json({ message: 'Unauthorized' }, 401),
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/register', element: <AuthPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/billing', element: <p>Billing page</p> },
    ],
    { initialEntries: [initialPath] },
  );
  const Wrapper = withProviders(createTestQueryClient());
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return { router, ...fetch };
}

describe('AuthPage sign-in', () => {
  it('shows the contract schema errors inline and sends nothing', async () => {
    const { calls } = renderAuthPage({});
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your username or e-mail')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(calls).not.toContain('POST /api/login');
  });

  it('disables the submit button while the request is pending and shows the server message', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderAuthPage({
      'POST /api/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await userEvent.type(await screen.findByLabelText('Username or e-mail'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const pending = await screen.findByRole('button', { name: /Signing in/ });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    answer(json({ message: 'Invalid username or password' }, 401));
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
  });

  it('asks for the second factor, then returns to the saved page', async () => {
    sessionStorage.setItem('postLoginRedirect', '/billing');
    const { calls, router } = renderAuthPage({
      'POST /api/login': () => json({ mfaRequired: true }),
      'POST /api/login/mfa': () => json(testUser),
    });
    await userEvent.type(await screen.findByLabelText('Username or e-mail'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Authentication code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeTruthy();
    expect(calls).not.toContain('POST /api/login/mfa');

    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Billing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/billing');
    expect(sessionStorage.getItem('postLoginRedirect')).toBeNull();
  });

  it('goes to the dashboard when no page was saved', async () => {
    renderAuthPage({ 'POST /api/login': () => json(testUser) });
    await userEvent.type(await screen.findByLabelText('Username or e-mail'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });
});

describe('AuthPage registration', () => {
  it('validates with the registration schema and explains joining an organization', async () => {
    const { calls } = renderAuthPage({}, '/auth?tab=register');
    expect(await screen.findByText(/join it as a pending member/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Username'), 'ann');
    await userEvent.type(screen.getByLabelText('Work e-mail'), 'not-an-address');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 12 characters')).toBeTruthy();
    expect(calls).not.toContain('POST /api/register');
  });

  it('registers and lands on the dashboard', async () => {
    const { fetchMock } = renderAuthPage(
      { 'POST /api/register': () => json(testUser, 201) },
      '/auth?tab=register',
    );
    await userEvent.type(await screen.findByLabelText('Username'), 'Ann');
    await userEvent.type(screen.getByLabelText('Work e-mail'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    const registerCall = fetchMock.mock.calls.find(([url]) => url === '/api/register');
    // The parsed values go out: trimmed and lower-cased, empty optional fields left out.
    expect(JSON.parse(String(registerCall?.[1]?.body))).toEqual({
      username: 'ann',
      email: 'ann@example.com',
      password: 'a-long-passphrase',
    });
  });
});

describe('AuthPage registration through an invitation', () => {
  const token = 'invitation-token-0123456789abcdef';

  it('fixes the invited address, says which organization, and sends the invitation', async () => {
    let sent: unknown;
    renderAuthPage(
      {
        [`GET /api/invitations/${token}`]: () =>
          json({
            organizationName: 'Example AG',
            invitedBy: 'Ada Admin',
            email: 'new@example.com',
            role: 'user',
            expiresAt: '2026-12-01T00:00:00.000Z',
          }),
        'POST /api/register': (init) => {
          sent = JSON.parse(String(init?.body));
          return json({ ...testUser, email: 'new@example.com' }, 201);
        },
      },
      `/register?invitation=${token}`,
    );
    expect(await screen.findByText('You are joining Example AG')).toBeTruthy();
    // Who invited is shown here, on the platform: the mail itself does not name them.
    expect(screen.getByText(/Ada Admin invited you as a member/)).toBeTruthy();
    const email = screen.getByLabelText('Work e-mail') as HTMLInputElement;
    expect(email.value).toBe('new@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.queryByLabelText(/Company name/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-battery-staple-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() =>
      expect(sent).toMatchObject({ email: 'new@example.com', invitation: token }),
    );
  });

  it('says when the invitation cannot be used', async () => {
    renderAuthPage(
      {
        [`GET /api/invitations/${token}`]: () =>
          json({ message: 'This invitation was already used. Sign in instead.' }, 410),
      },
      `/register?invitation=${token}`,
    );
    expect(
      await screen.findByText('This invitation was already used. Sign in instead.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Work e-mail') as HTMLInputElement).readOnly).toBe(false);
  });
});
