import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@alpenkube/contract';
import { clearBrowserStorage } from '@/lib/browser-storage';
import { testUser } from '@/test/test-utils';
import { useVerificationGate } from './verification-gate';

const unverified = { ...testUser, emailVerified: false } as unknown as User;
const nextUser = { ...unverified, id: 8, username: 'bob' } as unknown as User;

beforeEach(() => sessionStorage.clear());

describe('verification gate', () => {
  it('stays dismissed for the session', () => {
    const { result, rerender } = renderHook(({ user }) => useVerificationGate(user), {
      initialProps: { user: unverified as User | null },
    });
    expect(result.current.open).toBe(true);
    act(() => result.current.dismiss());
    expect(result.current.open).toBe(false);
    rerender({ user: unverified });
    expect(result.current.open).toBe(false);
  });

  it('shows the dialog to the next unverified user after sign-out cleared the storage', () => {
    const { result, rerender } = renderHook(({ user }) => useVerificationGate(user), {
      initialProps: { user: unverified as User | null },
    });
    act(() => result.current.dismiss());
    // Sign-out: storage cleared, no page load, the shell stays mounted.
    act(() => clearBrowserStorage());
    rerender({ user: null });
    expect(result.current.open).toBe(false);
    rerender({ user: nextUser });
    expect(result.current.open).toBe(true);
  });
});
