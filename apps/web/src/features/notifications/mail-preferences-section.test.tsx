import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { createTestQueryClient, json, mockFetch } from '@/test/test-utils';
import { MailPreferencesSection } from './mail-preferences-section';

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

const allOn = { cluster: true, invoice: true, budget: true, ticket: true, maintenance: true };

describe('MailPreferencesSection', () => {
  it('shows each category as stored and saves a change at once', async () => {
    let sent: unknown;
    mockFetch({
      'GET /api/user/mail-preferences': () => json({ ...allOn, ticket: false }),
      'PUT /api/user/mail-preferences': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(sent);
      },
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MailPreferencesSection />
      </QueryClientProvider>,
    );
    const budget = await screen.findByRole('checkbox', { name: /Budget/ });
    expect(budget).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Support/ })).not.toBeChecked();

    await userEvent.click(budget);
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'E-mail preferences saved' }),
      ),
    );
    expect(sent).toEqual({ ...allOn, ticket: false, budget: false });
    expect(screen.getByRole('checkbox', { name: /Budget/ })).not.toBeChecked();
  });
});
