import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu } from 'lucide-react';
import { useAuth } from '@/lib/session/use-auth';
import { CurrencySelect } from '@/lib/currency/currency-select';
import { ThemeToggle } from '@/lib/theme/theme-toggle';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { onlyOn, type DeviceInfo } from '@/lib/device';
import { useHydrated } from '@/lib/use-hydrated';
import { BrandLogo } from './brand-logo';
import { headerLinks } from './nav-links';

const SignedInControls = lazy(() =>
  import('./signed-in-controls').then((m) => ({ default: m.SignedInControls })),
);

type HeaderProps = {
  device: DeviceInfo & { known: boolean };
  onOpenMobileMenu: () => void;
};

export function Header({ device, onOpenMobileMenu }: HeaderProps) {
  const { user, isLoading } = useAuth();
  // Until hydrated, and while a signed-in hint waits for the session, the HTML holds both
  // the sign-in button and the avatar's place; the hint's attribute shows one before paint.
  const sessionKnown = useHydrated() && !isLoading;
  const desktop = onlyOn('desktop', device);
  const mobile = onlyOn('mobile', device);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-16 items-center gap-6 px-4 lg:px-6">
        <BrandLogo />
        {desktop === null ? null : (
          <nav aria-label="Main" className={cn('flex items-center gap-1', desktop)}>
            {headerLinks(Boolean(user)).map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.to === paths.home}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
                    isActive && 'text-foreground',
                  )
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1.5">
          {desktop === null ? null : <CurrencySelect className={desktop} />}
          <ThemeToggle />
          {user ? (
            <Suspense fallback={<AvatarPlace />}>
              <SignedInControls user={user} />
            </Suspense>
          ) : sessionKnown ? (
            desktop === null ? null : (
              <SignInButton className={desktop} />
            )
          ) : (
            <>
              <AvatarPlace className="hidden session-in:inline-block" />
              {desktop === null ? null : (
                <SignInButton className={cn('session-in:hidden', desktop)} />
              )}
            </>
          )}
          {mobile === null ? null : (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Open menu"
              onClick={onOpenMobileMenu}
              className={mobile}
            >
              <Menu />
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}

function AvatarPlace({ className }: { className?: string }) {
  return <span className={cn('size-9', className)} aria-hidden="true" />;
}

function SignInButton({ className }: { className?: string }) {
  return (
    <Button asChild size="sm" className={cn('ml-1', className)}>
      <Link to={paths.auth}>Sign In</Link>
    </Button>
  );
}
