import { useState } from 'react';
import { Link } from 'react-router';
import { LogOut, Settings, ShieldCheck } from 'lucide-react';
import type { User } from '@alpenkube/contract';
import { useAuth } from '@/lib/session/use-auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/session/use-can';
import { AccountMenuButton } from './account-menu-button';
import { identityOf } from './user-identity';

/**
 * The header's account menu. A failed logout is only logged here; menus close. Its own chunk,
 * loaded when first opened (`signed-in-controls.tsx`).
 */
export function AccountMenu({ user }: { user: User }) {
  const { logoutMutation } = useAuth();
  const hasOfficersAccess = useCan('officer');
  const [open, setOpen] = useState(false);
  const identity = identityOf(user);

  const handleLogout = (event: Event) => {
    // Keep the menu open so 'Logging out...' is visible while the call runs.
    event.preventDefault();
    logoutMutation.mutate(undefined, {
      onError: (error) => console.error('Logout failed', error),
      onSettled: () => setOpen(false),
    });
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <AccountMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-semibold">{identity.label}</p>
          <p className="truncate text-xs text-muted-foreground">{identity.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <div className="grid gap-1 px-2 py-1.5 text-xs">
          <p className="truncate font-medium">{identity.company}</p>
          <p className="text-muted-foreground">
            Billing ID: <span className="font-mono text-foreground">{identity.billingId}</span>
          </p>
        </div>
        <DropdownMenuSeparator />
        {hasOfficersAccess ? (
          <DropdownMenuItem asChild>
            <Link to={paths.officersPanel}>
              <ShieldCheck />
              Officers Panel
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to={paths.settings}>
            <Settings />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={logoutMutation.isPending}
          onSelect={handleLogout}
        >
          <LogOut />
          {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
