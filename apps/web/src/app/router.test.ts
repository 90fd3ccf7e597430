import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInRoutesPatcher } from './router';

const signedIn: RouteObject[] = [{ path: '/dashboard' }];

function navigation(path: string, aborted = false) {
  const controller = new AbortController();
  if (aborted) controller.abort();
  const patch = vi.fn();
  return {
    args: { path, patch, signal: controller.signal, matches: [], fetcherKey: undefined },
    patch,
  };
}

describe('signedInRoutesPatcher', () => {
  it('adds the signed-in routes under the root route for a path only the not-found route matches', async () => {
    const load = vi.fn(() => Promise.resolve(signedIn));
    const patcher = signedInRoutesPatcher(load);
    const first = navigation('/dashboard');
    await patcher(first.args);
    expect(load).toHaveBeenCalledTimes(1);
    expect(first.patch).toHaveBeenCalledWith('root', signedIn);

    // Once added, never again.
    const second = navigation('/clusters/7');
    await patcher(second.args);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second.patch).not.toHaveBeenCalled();
  });

  it('loads nothing for public pages with parameters', async () => {
    const load = vi.fn(() => Promise.resolve(signedIn));
    const patcher = signedInRoutesPatcher(load);
    for (const path of ['/tutorials/backups', '/cluster-types/blue', '/pricing', '/']) {
      const { args, patch } = navigation(path);
      await patcher(args);
      expect(patch).not.toHaveBeenCalled();
    }
    expect(load).not.toHaveBeenCalled();
  });

  it('adds them on a later navigation when the first one was cancelled', async () => {
    const patcher = signedInRoutesPatcher(() => Promise.resolve(signedIn));
    const cancelled = navigation('/orders', true);
    await patcher(cancelled.args);
    expect(cancelled.patch).not.toHaveBeenCalled();
    const next = navigation('/orders');
    await patcher(next.args);
    expect(next.patch).toHaveBeenCalledWith('root', signedIn);
  });
});
