import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { createTestQueryClient, json, mockFetch, testUser, type Route } from '@/test/test-utils';
import { ProfileForm } from './profile-form';
import { SessionsList } from './sessions-list';
import { PreferencesForm } from './preferences-form';

const toast = vi.fn();
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }) }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactNode, routes: Record<string, Route>) {
  const queryClient = createTestQueryClient();
  const fetch = mockFetch(routes);
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { queryClient, ...fetch };
}

const session = (id: number, device: string, current = false) => ({
  id,
  device,
  ip: '203.0.113.7',
  createdAt: new Date().toISOString(),
  lastSeenAt: new Date().toISOString(),
  current,
});

describe('SessionsList', () => {
  it('revokes one session, then all the others', async () => {
    let sessions = [
      session(1, 'Chrome on Linux', true),
      session(2, 'Safari on iOS'),
      session(3, 'Firefox on Windows'),
    ];
    const { calls } = renderWith(<SessionsList />, {
      'GET /api/auth/sessions': () => json(sessions),
      'DELETE /api/auth/sessions/2': () => {
        sessions = sessions.filter((s) => s.id !== 2);
        return json(null, 204);
      },
      'POST /api/auth/sessions/revoke-others': () => {
        sessions = sessions.filter((s) => s.current);
        return json({ revoked: 1 });
      },
    });
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out Chrome on Linux' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(toast).toHaveBeenCalledWith({ title: 'Session signed out', variant: 'success' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('No other device is signed in.')).toBeTruthy();
    expect(calls).toContain('POST /api/auth/sessions/revoke-others');
    expect(
      (screen.getByRole('button', { name: 'Sign out all other sessions' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});

describe('ProfileForm', () => {
  it('sends an emptied name as null and stores the answer as the signed-in user', async () => {
    const updated = { ...testUser, name: null };
    const { fetchMock, queryClient } = renderWith(<ProfileForm user={testUser} />, {
      'PATCH /api/user': () => json(updated),
    });
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toEqual(updated));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user')!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: null, email: testUser.email });
  });

  it('sends the current password with a new e-mail address', async () => {
    const { fetchMock } = renderWith(<ProfileForm user={testUser} />, {
      'PATCH /api/user': () => json({ ...testUser, email: 'new@example.org' }),
    });
    await userEvent.clear(screen.getByLabelText(/E-mail/));
    await userEvent.type(screen.getByLabelText(/E-mail/), 'new@example.org');
    await userEvent.type(screen.getByLabelText('Current password'), 'my-current-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/user')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: testUser.name,
      email: 'new@example.org',
      currentPassword: 'my-current-password',
    });
  });

  it('shows the schema error for a bad address and sends nothing', async () => {
    const { calls } = renderWith(<ProfileForm user={testUser} />, {});
    await userEvent.clear(screen.getByLabelText(/E-mail/));
    await userEvent.type(screen.getByLabelText(/E-mail/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls).not.toContain('PATCH /api/user');
  });
});

describe('PreferencesForm', () => {
  it('defaults to EUR, monthly and system, and stores each choice', async () => {
    renderWith(<PreferencesForm />, {});
    const checked = (name: string) =>
      screen.getByRole('radio', { name }).getAttribute('aria-checked');
    expect(checked('€ EUR')).toBe('true');
    expect(checked('Monthly')).toBe('true');
    expect(checked('System')).toBe('true');

    await userEvent.click(screen.getByRole('radio', { name: '$ USD' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(localStorage.getItem('currency')).toBe('USD');
    expect(localStorage.getItem('billingCycle')).toBe('yearly');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(checked('$ USD')).toBe('true');
  });
});
