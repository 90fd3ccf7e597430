import { useEffect } from 'react';

const listeners = new Set<() => void>();

/**
 * Empties local and session storage and tells every subscriber. Signing out does this and
 * then navigates without a page load, so state a component read from storage (a dismissed
 * dialog or banner) must be reset by the subscriber, or the next user in the tab inherits it.
 */
export function clearBrowserStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage unavailable: there is nothing to clear, but the subscribers still reset.
  }
  for (const listener of [...listeners]) listener();
}

export function onBrowserStorageCleared(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `reset` whenever clearBrowserStorage runs, while the component is mounted. */
export function useOnBrowserStorageCleared(reset: () => void): void {
  useEffect(() => onBrowserStorageCleared(reset), [reset]);
}
