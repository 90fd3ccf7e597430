import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { clearGetCache } from '@/lib/http';
import { useAuth } from './use-auth';
import {
  createTestQueryClient,
  json,
  mockFetch,
  withProviders,
  type Route,
} from '@/test/test-utils';

/**
 * What the useAuth test files share. Each file still mocks use-toast itself (vi.mock is hoisted
 * per file) and passes its spy here to be reset.
 */
export function resetBetweenTests(toast: Mock) {
  beforeEach(() => {
    toast.mockReset();
    clearGetCache();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Renders useAuth under its providers, with fetch answered by `routes`: signed out unless they say otherwise. */
export function renderUseAuth(routes: Record<string, Route>, onSignedOut = vi.fn()) {
  const queryClient = createTestQueryClient();
  const fetch = mockFetch({
    'GET /api/user': () => json({ message: 'Unauthorized' }, 401),
    ...routes,
  });
  const hook = renderHook(() => useAuth(), { wrapper: withProviders(queryClient, onSignedOut) });
  return { queryClient, hook, onSignedOut, ...fetch };
}
