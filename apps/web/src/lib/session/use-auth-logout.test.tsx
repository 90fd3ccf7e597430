import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, setSessionHint, testUser } from '@/test/test-utils';
import { publicQueryKeys } from '@/lib/public-queries';
import { isPublicQueryKey } from './session-cache';
import { renderUseAuth, resetBetweenTests } from './use-auth-test-setup';

const toast = vi.fn();
vi.mock('@/components/ui/use-toast', () => ({ useToast: () => ({ toast }) }));
resetBetweenTests(toast);

async function signedIn(logout: () => Response) {
  let userDuringCall: unknown = 'not called';
  let signedOut = false;
  setSessionHint(true);
  const { queryClient, hook, onSignedOut } = renderUseAuth({
    'GET /api/user': () => (signedOut ? json({ message: 'Unauthorized' }, 401) : json(testUser)),
    'POST /api/logout': () => {
      userDuringCall = queryClient.getQueryData(['/api/user']);
      signedOut = true;
      return logout();
    },
  });
  await waitFor(() => expect(hook.result.current.user).toEqual(testUser));
  localStorage.setItem('currency', 'GBP');
  sessionStorage.setItem('promoDismissed', 'true');
  for (const key of [
    '/api/notifications',
    '/api/orders',
    '/api/billing/summary',
    '/api/clusters',
    '/api/auth/sessions',
  ]) {
    queryClient.setQueryData([key], { cached: true });
  }
  // A key no list names: a feature added later is private by default.
  queryClient.setQueryData(['some-new-feature', 7], { cached: true });
  for (const key of publicQueryKeys) queryClient.setQueryData(key, { public: true });
  queryClient.setQueryData(['/api/cluster-tiers'], [{ id: 1 }]);
  return { queryClient, hook, onSignedOut, userDuringCall: () => userDuringCall };
}

describe('logout', () => {
  it('clears the user before calling the server, then clears data and storage and leaves after 100 ms', async () => {
    const { queryClient, hook, onSignedOut, userDuringCall } = await signedIn(() =>
      json(null, 204),
    );
    vi.useFakeTimers();
    await act(() => hook.result.current.logoutMutation.mutateAsync());

    expect(userDuringCall()).toBeNull();
    expect(queryClient.getQueryData(['/api/user'])).toBeNull();
    for (const key of [
      '/api/notifications',
      '/api/orders',
      '/api/billing/summary',
      '/api/clusters',
    ]) {
      expect(queryClient.getQueryData([key])).toBeUndefined();
    }
    // Public data (the tier list) is not the user's and may stay.
    expect(queryClient.getQueryData(['/api/cluster-tiers'])).toEqual([{ id: 1 }]);
    // Only public keys (and the user, as null) are left: the other devices' IPs are gone.
    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(left.filter((key) => key[0] !== '/api/user')).toEqual(
      expect.arrayContaining([...publicQueryKeys]),
    );
    expect(left.every((key) => key[0] === '/api/user' || isPublicQueryKey(key))).toBe(true);
    expect(queryClient.getQueryData(['/api/auth/sessions'])).toBeUndefined();
    expect(queryClient.getQueryData(['some-new-feature', 7])).toBeUndefined();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(toast).toHaveBeenCalledWith({ title: 'Logged out successfully' });

    // Fake timers hold React Query's render notifications too: flush them without moving time.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(hook.result.current.user).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(onSignedOut).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onSignedOut).toHaveBeenCalledExactlyOnceWith('/');
  });

  it('shows "Logout failed" with the message when the server call fails', async () => {
    const { hook, onSignedOut } = await signedIn(() =>
      json({ message: 'Session store unavailable' }, 503),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    await act(async () => {
      await hook.result.current.logoutMutation.mutateAsync().catch(() => undefined);
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Logout failed',
      description: 'Session store unavailable',
      variant: 'destructive',
    });
    expect(consoleError).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onSignedOut).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
