import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, setSessionHint, testUser } from '@/test/test-utils';
import { renderUseAuth as setup, resetBetweenTests } from './use-auth-test-setup';

const toast = vi.fn();
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }) }));
resetBetweenTests(toast);

describe('session hint', () => {
  it('without the hint, asks nobody and knows at once the visitor is signed out', async () => {
    const { hook, calls } = setup({});
    expect(hook.result.current.isLoading).toBe(false);
    expect(hook.result.current.user).toBeNull();
    expect(hook.result.current.error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('with the hint, is loading until the server answers with the user', async () => {
    setSessionHint(true);
    const { hook, calls } = setup({ 'GET /api/user': () => json(testUser) });
    expect(hook.result.current.isLoading).toBe(true);
    await waitFor(() => expect(hook.result.current.user).toEqual(testUser));
    expect(hook.result.current.isLoading).toBe(false);
    expect(calls).toEqual(['GET /api/user']);
  });

  it('signing in (the server sets the hint) stores the user without asking for it again', async () => {
    const { hook, calls } = setup({
      'POST /api/login': () => {
        setSessionHint(true);
        return json(testUser);
      },
    });
    await act(() =>
      hook.result.current.loginMutation.mutateAsync({ username: 'ann', password: 'pw' }),
    );
    await waitFor(() => expect(hook.result.current.user).toEqual(testUser));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(['POST /api/login']);
  });
});

describe('session query (the hint is there)', () => {
  beforeEach(() => setSessionHint(true));

  it('reads a 401 as signed out, without retrying', async () => {
    const { hook, calls } = setup({});
    await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
    expect(hook.result.current.user).toBeNull();
    expect(hook.result.current.error).toBeNull();
    expect(calls.filter((call) => call === 'GET /api/user')).toHaveLength(1);
  });

  it('retries an error mentioning 401 twice, 1 s apart, then reads it as signed out', async () => {
    vi.useFakeTimers();
    const failing = vi.fn(() => Promise.reject(new Error('Request failed: 401')));
    const { hook } = setup({ 'GET /api/user': failing });
    await vi.advanceTimersByTimeAsync(10);
    expect(failing).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(failing).toHaveBeenCalledTimes(3);
    expect(hook.result.current.user).toBeNull();
    expect(hook.result.current.error).toBeNull();
  });

  it('does not retry other errors and reports them', async () => {
    const failing = vi.fn(() => json({ message: 'Database down' }, 500));
    const { hook } = setup({ 'GET /api/user': failing });
    await waitFor(() => expect(hook.result.current.error?.message).toBe('Database down'));
    expect(failing).toHaveBeenCalledTimes(1);
    expect(hook.result.current.user).toBeNull();
  });
});

describe('login', () => {
  it('clears cached data before calling the server, then stores the user and greets them', async () => {
    let cachedDuringCall: unknown = 'not called';
    const { hook, queryClient } = setup({
      'POST /api/login': () => {
        cachedDuringCall = queryClient.getQueryData(['/api/notifications']);
        return json(testUser);
      },
    });
    await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
    queryClient.setQueryData(['/api/notifications'], [{ id: 1 }]);
    await act(() =>
      hook.result.current.loginMutation.mutateAsync({ username: 'ann', password: 'pw' }),
    );
    expect(cachedDuringCall).toBeUndefined();
    await waitFor(() => expect(hook.result.current.user).toEqual(testUser));
    expect(toast).toHaveBeenCalledWith({
      title: 'Login successful',
      description: 'Welcome back, Ann Example!',
    });
  });

  it('stores nothing and says nothing when the server asks for a second factor', async () => {
    const { hook, queryClient } = setup({ 'POST /api/login': () => json({ mfaRequired: true }) });
    await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
    const result = await act(() =>
      hook.result.current.loginMutation.mutateAsync({ username: 'ann', password: 'pw' }),
    );
    expect(result).toEqual({ mfaRequired: true });
    expect(queryClient.getQueryData(['/api/user'])).toBeNull();
    expect(hook.result.current.user).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('completes the second factor with POST /api/login/mfa', async () => {
    const { hook, calls } = setup({ 'POST /api/login/mfa': () => json(testUser) });
    await act(() => hook.result.current.loginMfaMutation.mutateAsync('123456'));
    await waitFor(() => expect(hook.result.current.user).toEqual(testUser));
    expect(calls).toContain('POST /api/login/mfa');
    expect(toast).toHaveBeenCalledWith({
      title: 'Login successful',
      description: 'Welcome back, Ann Example!',
    });
  });

  it('shows the server message in a destructive "Login failed" toast', async () => {
    const { hook } = setup({
      'POST /api/login': () => json({ message: 'Invalid username or password' }, 401),
    });
    await act(async () => {
      await hook.result.current.loginMutation
        .mutateAsync({ username: 'ann', password: 'bad' })
        .catch(() => undefined);
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Login failed',
      description: 'Invalid username or password',
      variant: 'destructive',
    });
  });
});

describe('registration', () => {
  it('clears cached data, stores the user and welcomes them', async () => {
    let cachedDuringCall: unknown = 'not called';
    const { hook, queryClient } = setup({
      'POST /api/register': () => {
        cachedDuringCall = queryClient.getQueryData(['/api/cluster-tiers']);
        return json(testUser, 201);
      },
    });
    queryClient.setQueryData(['/api/cluster-tiers'], [{ id: 1 }]);
    await act(() =>
      hook.result.current.registerMutation.mutateAsync({
        username: 'ann',
        email: 'ann@example.com',
        password: 'a-long-passphrase',
      }),
    );
    expect(cachedDuringCall).toBeUndefined();
    await waitFor(() => expect(hook.result.current.user).toEqual(testUser));
    expect(toast).toHaveBeenCalledWith({
      title: 'Registration successful',
      description: 'Welcome, Ann Example!',
    });
  });

  it('shows "Registration failed" with the server message', async () => {
    const { hook } = setup({
      'POST /api/register': () => json({ message: 'Username is taken' }, 409),
    });
    await act(async () => {
      await hook.result.current.registerMutation
        .mutateAsync({ username: 'ann', email: 'ann@example.com', password: 'a-long-passphrase' })
        .catch(() => undefined);
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Registration failed',
      description: 'Username is taken',
      variant: 'destructive',
    });
  });
});
