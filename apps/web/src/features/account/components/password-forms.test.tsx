import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { createTestQueryClient, json, mockFetch, type Route } from '@/test/test-utils';
import { PasswordForm } from './password-form';
import { TwoFactorDisable } from './two-factor-disable';

const toast = vi.fn();
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }) }));

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactNode, routes: Record<string, Route>) {
  const fetch = mockFetch(routes);
  render(<QueryClientProvider client={createTestQueryClient()}>{ui}</QueryClientProvider>);
  return fetch;
}

describe('PasswordForm', () => {
  it('checks the fields before sending, and empties them after a change', async () => {
    const { calls } = renderWith(<PasswordForm />, {
      'PUT /api/user/password': () => json(null, 204),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    expect(calls).not.toContain('PUT /api/user/password');

    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'a-much-longer-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Password changed' })),
    );
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refused field under it and any other refusal above the form', async () => {
    let answer = () =>
      json(
        {
          message: 'newPassword: Choose a password that is not on a list of leaked ones',
          issues: [
            {
              path: ['newPassword'],
              message: 'Choose a password that is not on a list of leaked ones',
            },
          ],
        },
        400,
      );
    renderWith(<PasswordForm />, { 'PUT /api/user/password': () => answer() });
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'a-much-longer-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText(
      'Choose a password that is not on a list of leaked ones',
    );
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');

    answer = () => json({ message: 'Current password is incorrect' }, 401);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
  });
});

describe('TwoFactorDisable', () => {
  it('sends the password and the code', async () => {
    const { fetchMock } = renderWith(<TwoFactorDisable />, {
      'POST /api/auth/mfa/disable': () => json({}),
    });
    await userEvent.type(screen.getByLabelText('Password'), 'my-password');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Disable two-factor' }));
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Two-factor authentication disabled',
        variant: 'warning',
      }),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/mfa/disable')!;
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'my-password', code: '123456' });
  });
});
