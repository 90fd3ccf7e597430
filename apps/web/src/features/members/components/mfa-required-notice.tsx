import { ShieldAlert } from 'lucide-react';
import { useAuth } from '@/lib/session/use-auth';

/**
 * Shown on Settings while the organization requires two-factor and the user has none: why
 * every other page led here, and what to do.
 */
export function MfaRequiredNotice() {
  const { user } = useAuth();
  if (!user?.mfaSetupRequired) return null;
  return (
    <div
      role="alert"
      className="mx-auto mt-6 flex w-full max-w-5xl gap-3 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm sm:mx-6 lg:mx-auto"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-medium">Your organization requires two-factor authentication</p>
        <p className="text-muted-foreground">
          Set it up below in{' '}
          <a className="underline" href="#two-factor">
            Two-factor authentication
          </a>{' '}
          to reach your organization&apos;s clusters, orders and billing again.
        </p>
      </div>
    </div>
  );
}
