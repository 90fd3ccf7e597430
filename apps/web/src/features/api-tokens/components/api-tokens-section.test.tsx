import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import type { ActorRole } from '@alpenkube/contract/permissions';
import {
  createTestQueryClient,
  json,
  mockFetch,
  setSessionHint,
  testUser,
  withProviders,
  type Route,
} from '@/test/test-utils';
import { ApiTokensSection } from './api-tokens-section';
import { expiryBody } from './create-token-form';

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

function renderWith(routes: Record<string, Route>, role: ActorRole = 'user') {
  setSessionHint(true);
  const fetch = mockFetch({ 'GET /api/user': () => json({ ...testUser, role }), ...routes });
  const Providers = withProviders(createTestQueryClient());
  render(
    <Providers>
      <ApiTokensSection />
    </Providers>,
  );
  return fetch;
}

const SECRET = `ak_${'x'.repeat(43)}`;
const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 1,
  name: 'terraform',
  prefix: 'ak_xxxxxxxx',
  scopes: ['clusters:write'],
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  ...overrides,
});

describe('ApiTokensSection', () => {
  it('creates a token, shows it once, and forgets it when the dialog closes', async () => {
    let tokens: ApiToken[] = [];
    let sent: unknown;
    const { calls } = renderWith({
      'GET /api/api-tokens': () => json(tokens),
      'POST /api/api-tokens': (init) => {
        sent = JSON.parse(String(init?.body));
        const created = token({ id: 7, name: 'ci', scopes: ['clusters:read', 'orders:write'] });
        tokens = [created];
        return json({ token: SECRET, apiToken: created }, 201);
      },
    });
    expect(await screen.findByText('You have no API tokens yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Give the token a name.')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'ci');
    await userEvent.click(within(dialog).getByLabelText('Orders: write'));
    // Write includes read: the read box is ticked and cannot be unticked alone.
    const ordersRead = within(dialog).getByLabelText('Orders: read') as HTMLInputElement;
    expect(ordersRead.checked && ordersRead.disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Expires'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    expect(await within(dialog).findByTestId('new-api-token')).toHaveProperty(
      'textContent',
      SECRET,
    );
    expect(within(dialog).getByText('Copy the token now')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the token' })).toBeTruthy();
    expect(sent).toEqual({
      name: 'ci',
      scopes: ['clusters:read', 'orders:write'],
      expiresInDays: 30,
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('ci')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(calls.filter((call) => call === 'POST /api/api-tokens')).toHaveLength(1);
  });

  it('offers a read-only member the reads their role reaches, and no write', async () => {
    renderWith({ 'GET /api/api-tokens': () => json([]) }, 'viewer');
    await userEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Clusters: read')).toBeTruthy();
    expect(within(dialog).getByLabelText('Billing: read')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Clusters: write')).toBeNull();
    expect(within(dialog).queryByLabelText('Kubeconfigs: read')).toBeNull();
  });

  it('revokes a token after confirming', async () => {
    let tokens = [
      token({ lastUsedAt: new Date().toISOString(), lastUsedIp: '198.51.100.24' }),
      token({ id: 2, name: 'old', revokedAt: new Date().toISOString() }),
    ];
    const { calls } = renderWith({
      'GET /api/api-tokens': () => json(tokens),
      'DELETE /api/api-tokens/1': () => {
        tokens = tokens.map((t) =>
          t.id === 1 ? { ...t, revokedAt: new Date().toISOString() } : t,
        );
        return json(tokens[0]);
      },
    });
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText(/from 198\.51\.100\.24/)).toBeTruthy();
    // A revoked token offers nothing to do.
    expect(screen.queryByRole('button', { name: 'Revoke old' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke terraform' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls).not.toContain('DELETE /api/api-tokens/1');

    await userEvent.click(screen.getByRole('button', { name: 'Revoke terraform' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke token' }),
    );
    await vi.waitFor(() => expect(within(list).getAllByText('Revoked')).toHaveLength(2));
    expect(calls).toContain('DELETE /api/api-tokens/1');
    expect(toast).toHaveBeenCalledWith({ title: '“terraform” revoked', variant: 'success' });
  });
});

describe('expiryBody', () => {
  it('sends days, or the end of the picked day, never past 365 days', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(expiryBody('90', '', now)).toEqual({ expiresInDays: 90 });
    expect(expiryBody('date', '2026-02-01', now)).toEqual({
      expiresAt: '2026-02-01T23:59:59.000Z',
    });
    expect(expiryBody('date', '2027-01-01', now)).toEqual({
      expiresAt: new Date(now + 365 * 86_400_000).toISOString(),
    });
  });
});
