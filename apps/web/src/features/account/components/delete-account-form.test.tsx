import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { createTestQueryClient, json, mockFetch, type Route } from '@/test/test-utils';
import { DeleteAccountForm } from './delete-account-form';

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

function renderWith(routes: Record<string, Route>, onDeleted = vi.fn()) {
  const fetch = mockFetch(routes);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <DeleteAccountForm username="leaver" onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { ...fetch, onDeleted };
}

const fill = async () => {
  await userEvent.type(screen.getByLabelText('Your password'), 'my-password');
  await userEvent.type(screen.getByLabelText('Type your username, leaver, to confirm'), 'leaver');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
};

describe('DeleteAccountForm', () => {
  it('asks for both fields, then deletes and leaves the signed-in app', async () => {
    const { calls, onDeleted } = renderWith({ 'POST /api/user/delete': () => json(null, 204) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(calls).not.toContain('POST /api/user/delete');

    await fill();
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith('/'));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Account deleted' }));
  });

  it("shows the server's refusal above the form and stays", async () => {
    const { onDeleted } = renderWith({
      'POST /api/user/delete': () =>
        json(
          {
            message:
              "You are your organization's last active admin: have another member made admin first",
          },
          409,
        ),
    });
    await fill();
    expect(
      await screen.findByText(
        "You are your organization's last active admin: have another member made admin first",
      ),
    ).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
