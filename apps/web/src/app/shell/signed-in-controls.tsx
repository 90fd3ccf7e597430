import { Link } from 'react-router';
import { LayoutDashboard } from 'lucide-react';
import type { User } from '@alpenkube/contract';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { Button } from '@/components/ui/button';
import { DeferredOverlay, deferred } from '@/components/ui/deferred-overlay';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { AccountMenuButton } from './account-menu-button';

// The menu (Radix's dropdown, its positioning and focus handling) loads when first opened.
const accountMenu = deferred(() => import('./account-menu').then((m) => m.AccountMenu));

/** The signed-in part of the header: its own chunk, so anonymous visitors never download it. */
export function SignedInControls({ user }: { user: User }) {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button asChild variant="ghost" size="icon">
            <Link to={paths.dashboard} aria-label="Dashboard">
              <LayoutDashboard />
            </Link>
          </Button>
        </TooltipTrigger>
        <TooltipContent>Dashboard</TooltipContent>
      </Tooltip>
      <NotificationBell />
      <DeferredOverlay
        component={accountMenu}
        props={{ user }}
        kind="menu"
        placeholder={<AccountMenuButton user={user} />}
      />
    </TooltipProvider>
  );
}
