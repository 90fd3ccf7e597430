import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { createTestQueryClient, json, mockFetch } from '@/test/test-utils';
import { PersonActions } from './person-actions';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

const person: Person = {
  id: 42,
  username: 'zelda',
  email: 'zelda@example.com',
  name: 'Zelda Q',
  role: 'user',
  status: 'active',
  organization: { id: 1, name: 'Zelda GmbH' },
  erasedAt: null,
};

beforeEach(() => clearGetCache());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PersonActions', () => {
  it('asks for a reason, then for the username typed again before erasing', async () => {
    const bodies: unknown[] = [];
    const onErased = vi.fn();
    const { calls } = mockFetch({
      'POST /api/officers/data-subject-requests/erasure': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({
          id: 1,
          kind: 'erasure',
          subject: { id: 42, username: 'erased-abc123' },
          officer: { id: 7, username: 'officer' },
          reason: 'Art. 17 request by mail',
          pseudonym: 'erased-abc123',
          createdAt: '2026-11-24T06:00:00.000Z',
        });
      },
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <PersonActions person={person} onErased={onErased} />
      </QueryClientProvider>,
    );
    const erase = screen.getByRole('button', { name: 'Erase…' });
    expect(erase).toBeDisabled();
    await userEvent.type(
      screen.getByLabelText('Reason (kept in the register)'),
      'Art. 17 request by mail',
    );
    await userEvent.click(erase);
    const confirm = await screen.findByRole('button', { name: 'Erase permanently' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/to confirm/), 'zeld');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/to confirm/), 'a');
    // The officer's own password too: an open session is not enough.
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your password'), 'officer-password');
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(onErased).toHaveBeenCalled());
    expect(calls).toContain('POST /api/officers/data-subject-requests/erasure');
    expect(bodies).toEqual([
      {
        userId: 42,
        reason: 'Art. 17 request by mail',
        confirmation: 'zelda',
        password: 'officer-password',
      },
    ]);
  });

  it('exports only with the officer’s password, showing the server’s refusal in the dialog', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'POST /api/officers/data-subject-requests/export': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ message: 'The password is not correct.' }, 403);
      },
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <PersonActions person={person} onErased={vi.fn()} />
      </QueryClientProvider>,
    );
    await userEvent.type(
      screen.getByLabelText('Reason (kept in the register)'),
      'Art. 15 request by mail',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export data (.zip)…' }));
    const submit = await screen.findByRole('button', { name: 'Export data' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong-guess');
    await userEvent.click(submit);
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { userId: 42, reason: 'Art. 15 request by mail', password: 'wrong-guess' },
    ]);
  });
});
