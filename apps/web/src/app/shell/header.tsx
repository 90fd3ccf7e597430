import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu } from 'lucide-react';
import { useAuth } from '@/lib/session/use-auth';
import { CurrencySelect } from '@/lib/currency/currency-select';
import { ThemeToggle } from '@/lib/theme/theme-toggle';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { BrandLogo } from './brand-logo';
import { headerLinks } from './nav-links';

const SignedInControls = lazy(() =>
  import('./signed-in-controls').then((m) => ({ default: m.SignedInControls })),
);

type HeaderProps = { isMobile: boolean; onOpenMobileMenu: () => void };

export function Header({ isMobile, onOpenMobileMenu }: HeaderProps) {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-16 items-center gap-6 px-4 lg:px-6">
        <BrandLogo />
        {isMobile ? null : (
          <nav aria-label="Main" className="flex items-center gap-1">
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
          {isMobile ? null : <CurrencySelect />}
          <ThemeToggle />
          {user ? (
            <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
              <SignedInControls user={user} />
            </Suspense>
          ) : isMobile ? null : (
            <Button asChild size="sm" className="ml-1">
              <Link to={paths.auth}>Sign In</Link>
            </Button>
          )}
          {isMobile ? (
            <Button variant="ghost" size="icon" aria-label="Open menu" onClick={onOpenMobileMenu}>
              <Menu />
            </Button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
