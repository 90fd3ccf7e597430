import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { EmailVerificationDialog } from './email-verification-dialog';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ toast }));

const user = { id: 1, email: 'new@example.com', emailVerified: false } as User;

function renderDialog(onContinue = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailVerificationDialog user={user} open onContinue={onContinue} />
    </QueryClientProvider>,
  );
  return onContinue;
}

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('e-mail verification dialog', () => {
  it('cannot be closed with Escape and has no close button', () => {
    renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('continues without verification on request', () => {
    const onContinue = renderDialog();
    fireEvent.click(
      screen.getByRole('button', { name: 'Continue Without Verification (Not Recommended)' }),
    );
    expect(onContinue).toHaveBeenCalled();
  });

  it('resends to the user address, then toasts and shows a success banner', async () => {
    const fetch = vi.fn(async () => Response.json({ message: 'sent' }));
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Verification Email Sent',
          description: 'Please check your email for the verification link.',
        }),
      ),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/resend-verification',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: user.email }) }),
    );
    expect(screen.getByText(/A new verification e-mail is on its way/)).toBeInTheDocument();
  });

  it('shows the error when the resend fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'x' }, { status: 500 })),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to resend verification email. Please try again.',
        variant: 'destructive',
      }),
    );
  });
});
