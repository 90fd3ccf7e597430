import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { PromoBanner } from '@/features/promo/promo-banner';
import { onlyOn, useDevice } from '@/lib/device';
import { cn } from '@/lib/cn';
import { FloatingMenuButton } from '../shell/floating-menu-button';
import { Footer } from '../shell/footer';
import { Header } from '../shell/header';
import { useVerificationGate } from '../shell/verification-gate';

// Loaded only when needed, so the public home page stays small.
const MobileMenu = lazy(() =>
  import('../shell/mobile-menu').then((m) => ({ default: m.MobileMenu })),
);
const SignedInEffects = lazy(() =>
  import('../shell/signed-in-effects').then((m) => ({ default: m.SignedInEffects })),
);
const EmailVerificationDialog = lazy(() =>
  import('../shell/email-verification-dialog').then((m) => ({
    default: m.EmailVerificationDialog,
  })),
);

/** Set on the dashboard layout route so the shell knows the sidebar is present. */
export type ShellRouteHandle = { dashboard?: boolean };

/**
 * The shared layout of every page: promo banner, header, content, footer, and for
 * touch or narrow devices the floating menu button. Signed in, it also runs the app-wide
 * effects (the realtime socket, cache invalidation on navigation), loaded lazily.
 */
export function RootLayout() {
  const { user } = useAuth();
  const device = useDevice();
  const [menuOpen, setMenuOpenState] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const setMenuOpen = (open: boolean) => {
    if (open) setMenuLoaded(true);
    setMenuOpenState(open);
  };
  const onDashboardRoute = useMatches().some(
    (match) => (match.handle as ShellRouteHandle | undefined)?.dashboard,
  );
  const verification = useVerificationGate(user);
  const floatingMenu = onlyOn('mobile', device);

  return (
    <>
      {/* While the verification dialog blocks, the page behind is blurred and inert. */}
      <div
        inert={verification.open}
        className={cn(
          'flex min-h-dvh flex-col transition-[filter]',
          verification.open && 'pointer-events-none blur-sm select-none',
        )}
      >
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <PromoBanner />
        <Header device={device} onOpenMobileMenu={() => setMenuOpen(true)} />
        <main id="main-content" className="flex flex-1 flex-col">
          <Outlet />
        </main>
        <Footer />
        {floatingMenu !== null ? (
          <FloatingMenuButton
            className={floatingMenu}
            onDashboardRoute={onDashboardRoute}
            onOpenMobileMenu={() => setMenuOpen(true)}
          />
        ) : null}
      </div>
      {user ? (
        // A boundary of its own: loading it never hides the menu or the dialog.
        <Suspense fallback={null}>
          <SignedInEffects userId={user.id} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {menuLoaded ? <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} /> : null}
        {user && verification.open ? (
          <EmailVerificationDialog user={user} open onContinue={verification.dismiss} />
        ) : null}
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
