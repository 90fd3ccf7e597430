import { useCallback, useState } from 'react';
import { useOnBrowserStorageCleared } from '@/lib/browser-storage';
import type { User } from '@alpenkube/contract';

/** Dismissal lasts the browser session, and ends with its storage (sign-out clears it). */
export const VERIFICATION_DISMISSED_KEY = 'emailVerificationDismissed';

export function readVerificationDismissed() {
  try {
    return sessionStorage.getItem(VERIFICATION_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the blocking dialog shows, and the way to dismiss it for the session. */
export function useVerificationGate(user: User | null) {
  const [dismissed, setDismissed] = useState(readVerificationDismissed);
  // Sign-out clears storage without a page load: the next user in this tab starts afresh.
  useOnBrowserStorageCleared(useCallback(() => setDismissed(readVerificationDismissed()), []));
  const open = Boolean(user && !user.emailVerified && !dismissed);
  const dismiss = () => {
    try {
      sessionStorage.setItem(VERIFICATION_DISMISSED_KEY, 'true');
    } catch {
      // Without session storage the dialog stays closed until the page reloads.
    }
    setDismissed(true);
  };
  return { open, dismiss };
}
