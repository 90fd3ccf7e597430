import { useState } from 'react';
import type { User } from '@alpenkube/contract';

/** Dismissal lasts the browser session (section 4). */
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
