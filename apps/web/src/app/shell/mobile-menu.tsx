import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { LogOut, X } from 'lucide-react';
import { useAuth } from '@/lib/session/use-auth';
import { CurrencySelect } from '@/lib/currency/currency-select';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { UserAvatar } from './user-avatar';
import { mobileMenuLinks } from './mobile-menu-links';
import { useCan } from '@/lib/session/use-can';
import { identityOf } from './user-identity';

type MobileMenuProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The touch and narrow-screen menu: a sheet from the right; closes on navigation. */
export function MobileMenu({ open, onOpenChange }: MobileMenuProps) {
  const { user, logoutMutation } = useAuth();
  const officersAccess = useCan('officer');
  const location = useLocation();

  // A change of location closes the menu (derived while rendering, not on first mount).
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    if (open) onOpenChange(false);
  }

  const identity = user ? identityOf(user) : null;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col border-l bg-background shadow-2xl outline-none"
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <DialogPrimitive.Title className="text-base font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {identity ? (
            <div className="flex items-center gap-3 border-b px-4 py-3">
              <UserAvatar initial={identity.initial} />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{identity.label}</p>
                <p className="truncate text-xs text-muted-foreground">{identity.email}</p>
              </div>
            </div>
          ) : null}
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-2">
            {mobileMenuLinks(Boolean(user), officersAccess).map((link) => (
              <Link
                key={link.to}
                to={link.to}
                onClick={() => onOpenChange(false)}
                className={cn(
                  'flex items-center rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent',
                  location.pathname === link.to && 'bg-accent text-accent-foreground',
                )}
              >
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="flex items-center justify-between gap-2 border-t p-4">
            <CurrencySelect />
            {user ? (
              <Button
                variant="outline"
                size="sm"
                disabled={logoutMutation.isPending}
                onClick={() =>
                  logoutMutation.mutate(undefined, {
                    onError: (error) => console.error('Logout failed', error),
                    onSettled: () => onOpenChange(false),
                  })
                }
              >
                <LogOut />
                {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
              </Button>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
