import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { Spinner } from '@/components/ui/spinner';
import { POST_LOGIN_REDIRECT_KEY, paths } from '@/config/paths';

const SETTINGS_PATHS = new Set<string>([
  paths.settings,
  paths.simpleSettings,
  paths.profile,
  paths.account,
]);

/** The redirect to /auth waits 100 ms. */
export const AUTH_REDIRECT_DELAY_MS = 100;

export function savePostLoginTarget(target: string) {
  try {
    sessionStorage.setItem(POST_LOGIN_REDIRECT_KEY, target);
  } catch {
    // Without session storage the user simply lands on the default page after sign-in.
  }
}

/**
 * Guards the signed-in routes: a spinner with text while the session loads; with no
 * user, the current path is saved as the post-login target and the browser goes to /auth.
 */
export function RequireAuth() {
  const { user, isLoading, logoutMutation } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Signing out already goes to /; the page being left is no sign-in target.
  const signingOut = logoutMutation.isPending || logoutMutation.isSuccess;
  const signedOut = !isLoading && !user && !signingOut;

  useEffect(() => {
    if (!signedOut) return;
    savePostLoginTarget(`${location.pathname}${location.search}${location.hash}`);
    const timer = setTimeout(() => navigate(paths.auth, { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut, location.pathname, location.search, location.hash, navigate]);

  if (isLoading) {
    return <Spinner className="min-h-[50vh]" size="lg" label="Checking your session..." />;
  }
  if (!user) {
    return <Spinner className="min-h-[50vh]" size="lg" label="Redirecting to sign in..." />;
  }
  // The organization requires two-factor and this member has none: every other page would be
  // refused, so Settings' two-factor section is where they go (it explains why).
  if (user.mfaSetupRequired && !SETTINGS_PATHS.has(location.pathname)) {
    return <Navigate to={`${paths.settings}#two-factor`} replace />;
  }
  return <Outlet />;
}
