import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates prerendered HTML (and in the prerender itself), true from the
 * next render on, and true at once in a page rendered only in the browser. What only the
 * browser knows (storage, the session) waits for it, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
